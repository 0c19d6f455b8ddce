// One structured line per request. Never pass secrets in here: only ids, paths and timings. Error texts
// may quote a provider's RPC URL (viem does), so they are redacted.
import { redactRpc } from "@/lib/core/redact";

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

// An outage fails every request for a while: its first failure is logged, then one line a minute at most,
// with how many requests were answered 503 meanwhile — not one line (and stack) per request or retry.
const UNAVAILABLE_LOG_EVERY_MS = 60_000;
const outage = { loggedAt: 0, unlogged: 0 };

export function logUnavailable(requestId: string, err: unknown) {
  if (silent()) return;
  const now = Date.now();
  if (now - outage.loggedAt < UNAVAILABLE_LOG_EVERY_MS) {
    outage.unlogged++;
    return;
  }
  const message = err instanceof Error ? redactRpc(err.message) : redactRpc(String(err));
  const since = outage.unlogged ? { answered_503_since_last_line: outage.unlogged } : {};
  outage.loggedAt = now;
  outage.unlogged = 0;
  process.stderr.write(
    JSON.stringify({ level: "warn", msg: "database unavailable: answering 503", time: new Date().toISOString(), request_id: requestId, name: err instanceof Error ? err.name : undefined, message: message.trim(), ...since }) + "\n",
  );
}
