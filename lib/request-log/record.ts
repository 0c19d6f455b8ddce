// Writing the request log: the wrapper hands each answered /v1 request over (lib/api/request-log) and goes on;
// the rows are redacted and inserted here afterwards, one statement at a time with every row that arrived
// meanwhile (group commit, as lib/core/gather does, without its promise per item: this runs for every request),
// on the connections whose commits need not wait for the disk: a log row lost in a crash costs nothing. A failed
// write is reported and dropped; it never reaches the request, which was answered already.
// Bodies are stored once per tenant and day (api_request_bodies): a client polling a record gets the same
// answer many times, and storing it each time was most of the log's cost to the database.
import { hash } from "node:crypto";
import { meteringPool } from "@/lib/db";
import { redactBody, redactSecretValues } from "@/lib/core/redact";

/** What is kept of a body (after redaction): the first 16 KB of text. */
export const MAX_LOGGED_BODY_CHARS = 16 * 1024;
export const TRUNCATED_MARK = "…[truncated]";

export interface RequestLogEntry {
  /** The request id (Request-Id header). */
  id: string;
  tenantId: string;
  livemode: boolean;
  method: string;
  path: string;
  /** The query string without "?" ("" when none). */
  query: string;
  status: number;
  durationMs: number;
  apiKeyId?: string;
  userId?: string;
  /** The Idempotency-Key header; else the body's idempotency_key is taken when the row is written. */
  idempotencyKey?: string;
  requestBody?: string;
  responseBody?: string;
  /** When the request arrived. */
  at: Date;
}

const cut = (text: string) => (text.length > MAX_LOGGED_BODY_CHARS ? text.slice(0, MAX_LOGGED_BODY_CHARS) + TRUNCATED_MARK : text);

/** A body as stored: redacted whole (so a secret is never cut in half and half kept), then cut. */
export const loggedBody = (text: string) => cut(redactBody(text));

function bodyIdempotencyKey(body: string | undefined): string | null {
  if (!body?.includes("idempotency_key")) return null;
  try {
    const key = (JSON.parse(body) as { idempotency_key?: unknown }).idempotency_key;
    return typeof key === "string" ? key : null;
  } catch {
    return null;
  }
}

type Bodies = Map<string, string>;

// The tenant's last body (as received and as stored) and its id: a client polling a record is answered the same
// text again and again, and comparing it with the last one costs far less than redacting and hashing it again.
// Bodies up to 4 KB, for 2,000 tenants at most (16 MB at worst).
const lastBody = new Map<string, { text: string; stored: string; id: string }>();
const LAST_BODIES = 2_000;
const LAST_BODY_CHARS = 4 * 1024;

/** The body's id ("<UTC day>:<sha256 of the tenant and the stored text>"), its text added to `bodies`. */
function bodyRef(e: RequestLogEntry, text: string | undefined, bodies: Bodies): string | null {
  if (!text) return null;
  const day = e.at.toISOString().slice(0, 10);
  const last = lastBody.get(e.tenantId);
  const known = last && last.text === text && last.id.startsWith(day) ? last : null;
  const stored = known?.stored ?? loggedBody(text);
  const id = known?.id ?? `${day}:${hash("sha256", `${e.tenantId}\n${stored}`, "base64url")}`;
  if (!written.has(id)) bodies.set(id, stored);
  if (!known && text.length <= LAST_BODY_CHARS) {
    if (lastBody.size >= LAST_BODIES) lastBody.clear();
    lastBody.set(e.tenantId, { text, stored, id });
  }
  return id;
}

const row = (e: RequestLogEntry, bodies: Bodies) => ({
  id: e.id,
  tenant_id: e.tenantId,
  livemode: e.livemode,
  method: e.method,
  path: e.path,
  query: e.query ? redactSecretValues(e.query) : null,
  status: e.status,
  duration_ms: Math.round(e.durationMs),
  api_key_id: e.apiKeyId ?? null,
  user_id: e.userId ?? null,
  idempotency_key: e.idempotencyKey ?? bodyIdempotencyKey(e.requestBody),
  request_body_id: bodyRef(e, e.requestBody, bodies),
  response_body_id: bodyRef(e, e.responseBody, bodies),
  created_at: e.at.toISOString(),
});

// The bodies first (a body already stored that day is left as it is), then the rows.
const insertSql = `WITH bodies AS (
  INSERT INTO api_request_bodies (id, text) SELECT * FROM jsonb_to_recordset($2::jsonb) AS b(id text, text text)
  ON CONFLICT (id) DO NOTHING
)
INSERT INTO api_request_logs (id, tenant_id, livemode, method, path, query, status, duration_ms, api_key_id,
  user_id, idempotency_key, request_body_id, response_body_id, created_at)
SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(id text, tenant_id text, livemode boolean, method text, path text, query text,
  status int, duration_ms int, api_key_id text, user_id text, idempotency_key text, request_body_id text, response_body_id text,
  created_at timestamptz)
ON CONFLICT (id) DO NOTHING`;

// Body ids this process stored lately: not sent again. Bounded: past it, forgotten at once (a body sent again
// is only a conflict the statement skips).
const written = new Set<string>();
const REMEMBERED_BODIES = 10_000;

async function write(entries: RequestLogEntry[]): Promise<void> {
  const bodies: Bodies = new Map();
  const rows = entries.map((e) => row(e, bodies));
  await meteringPool.query(insertSql, [JSON.stringify(rows), JSON.stringify([...bodies].map(([id, text]) => ({ id, text })))]);
  if (written.size + bodies.size > REMEMBERED_BODIES) written.clear();
  for (const id of bodies.keys()) written.add(id);
}

// Rows waiting for their statement at most: beyond (the database down or far behind), new rows are dropped
// rather than held in memory without bound.
const MAX_WAITING = 20_000;
let waiting: RequestLogEntry[] = [];
let writing: Promise<void> | null = null;
let lastWarning = 0;

/** Queues the request's row; returns at once. The first row of a quiet moment goes after the answer is sent. */
export function recordApiRequest(entry: RequestLogEntry): void {
  if (waiting.length >= MAX_WAITING) return warn("the database is behind");
  waiting.push(entry);
  writing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(drain);
}

// Under load, one statement per STATEMENT_EVERY_MS at most: the rows of that time go together (a statement's
// own cost, paid once for hundreds of rows).
const STATEMENT_EVERY_MS = 50;

async function drain(): Promise<void> {
  while (waiting.length) {
    const batch = waiting;
    waiting = [];
    const started = Date.now();
    await write(batch).catch((error: Error) => warn(error.message));
    const rest = STATEMENT_EVERY_MS - (Date.now() - started);
    if (waiting.length && rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  }
  writing = null;
}

// One line a minute at most: an outage would otherwise print one per request.
function warn(reason: string) {
  if (process.env.LOG_LEVEL === "silent" || Date.now() - lastWarning < 60_000) return;
  lastWarning = Date.now();
  console.warn(`request log: rows dropped (${reason})`);
}

/** Resolves once every row queued so far is written (or dropped): for tests and a graceful shutdown. */
export async function requestLogWritten(): Promise<void> {
  while (writing) await writing;
}
