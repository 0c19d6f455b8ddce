// Whether an error means "the database cannot serve us right now" (load, a restart, a network cut) rather
// than a bug: a pool with no free connection in time (pg's connection timeout), an interactive transaction
// that could not start within its maxWait, a server that refuses or drops connections, or one shutting down.
// The request wrapper answers those with 503 + Retry-After (lib/api/handler.ts), never 500.

// Prisma codes: P1001 can't reach the server, P1002 reached but timed out, P1008 operation timed out,
// P1017 server closed the connection, P2024 timed out fetching a connection from the pool, P2028
// transaction API error (could not start in maxWait, or expired under load), P2037 too many connections.
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028", "P2037"]);
// @prisma/adapter-pg's classification of driver errors (DriverAdapterError.cause.kind).
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
// SQLSTATE: class 08 connection exception, 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot
// connect now (starting up / shutting down), 57014 statement timeout, 53300 too many connections.
const SQLSTATE = /^(08...|57P0[123]|57014|53300)$/;
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
// pg's own errors carry no code: the pool's connection timeout, a connection lost mid-query, a broken client.
const PG_MESSAGES = /timeout exceeded when trying to connect|Connection terminated|is not queryable|Can't reach database server/i;

type Inspectable = { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; meta?: unknown; errors?: unknown };

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const e = error as Inspectable;
  const code = typeof e.code === "string" ? e.code : undefined;
  if (code && (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || SQLSTATE.test(code))) return true;
  if (typeof e.kind === "string" && (ADAPTER_KINDS.has(e.kind) || (e.kind === "postgres" && SQLSTATE.test(String(e.code))))) return true;
  if (typeof e.message === "string" && PG_MESSAGES.test(e.message)) return true;
  const adapterError = (e.meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError;
  const nested = [e.cause, adapterError, ...(Array.isArray(e.errors) ? e.errors : [])]; // AggregateError: each address tried
  return nested.some((inner) => inner !== error && isDatabaseUnavailable(inner, depth + 1));
}
