// One structured line per request. Never pass secrets in here: only ids, paths and timings.
const silent = () => process.env.LOG_LEVEL === "silent";

export function logRequest(fields: Record<string, string | number | null | undefined>) {
  if (silent()) return;
  process.stdout.write(JSON.stringify({ level: "info", msg: "request", time: new Date().toISOString(), ...fields }) + "\n");
}

export function logError(requestId: string, err: unknown) {
  if (silent()) return;
  const detail = err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : { value: String(err) };
  process.stderr.write(JSON.stringify({ level: "error", msg: "unhandled error", time: new Date().toISOString(), request_id: requestId, ...detail }) + "\n");
}
