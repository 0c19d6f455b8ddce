import { formatTime } from "@/lib/console/time";

export function Time({ seconds, empty = "—" }: { seconds: number | null | undefined; empty?: string }) {
  if (seconds === null || seconds === undefined) return <span className="muted">{empty}</span>;
  const iso = new Date(seconds * 1000).toISOString();
  return (
    <time dateTime={iso} title={iso} className="nowrap">
      {formatTime(seconds)}
    </time>
  );
}
