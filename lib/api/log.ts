// One structured line per request. Never pass secrets in here: only ids, paths and timings. Error texts
// may quote a provider's RPC URL (viem does), so they are redacted.
import { redactRpc } from "@/lib/chain/redact";

const silent = () => process.env.LOG_LEVEL === "silent";

export function logRequest(fields: Record<string, string | number | null | undefined>) {
  if (silent()) return;
  process.stdout.write(JSON.stringify({ level: "info", msg: "request", time: new Date().toISOString(), ...fields }) + "\n");
}

export function logError(requestId: string, err: unknown) {
  if (silent()) return;
  const detail = err instanceof Error
    ? { name: err.name, message: redactRpc(err.message), stack: err.stack && redactRpc(err.stack) }
    : { value: redactRpc(String(err)) };
  process.stderr.write(JSON.stringify({ level: "error", msg: "unhandled error", time: new Date().toISOString(), request_id: requestId, ...detail }) + "\n");
}
