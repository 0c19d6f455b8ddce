// An HTTP status as a badge: 2xx succeeded, 4xx refused (the caller's to fix), 5xx failed (ours).
import { StatusBadge } from "@/components/StatusBadge";

export function HttpStatus({ status }: { status: number }) {
  const tone = status < 400 ? "succeeded" : status < 500 ? "disabled" : "failed";
  return <StatusBadge status={tone} label={String(status)} />;
}
