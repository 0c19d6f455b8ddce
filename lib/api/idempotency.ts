// Stripe-style idempotency: the first request with a key runs; its status and body are stored for 24 h
// and replayed to repeats with the same parameters. Same key, other parameters → 409. Concurrent
// duplicates wait for the first one instead of running the operation again.
// Keys are scoped per tenant and mode: a live request never replays a test response. The stored body is
// sealed (AES-256-GCM under ENCRYPTION_KEY, lib/crypto/secrets): a response may carry a secret shown
// once (an API key's sk_…, a webhook endpoint's whsec_…), and a replay must show it again.
import { createHash } from "node:crypto";
import { pool } from "@/lib/db";
import { seal, unseal } from "@/lib/crypto/secrets";
import { ApiError } from "./errors";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";

/** Whose key it is: the tenant and the caller's mode. */
export interface IdempotencyScope {
  tenantId: string;
  livemode: boolean;
}

export interface StoredResponse {
  status: number;
  body: unknown;
  replayed: boolean;
}

const WAIT_FOR_FIRST_MS = 30_000;
const POLL_MS = 25;

/** Canonical hash of what makes two requests "the same": method, path and body (minus the key). */
export function requestHash(method: string, path: string, body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === "object"
        ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]))
        : v;
  return createHash("sha256").update(`${method} ${path} ${JSON.stringify(canonical(body))}`).digest("hex");
}

const mismatch = () =>
  new ApiError(409, "idempotency_error", "idempotency_key_reused",
    "This idempotency_key was already used with different parameters. Use a new key for a new request.", "idempotency_key");

/** Runs `operation` once per (tenant, mode, key); replays its stored response for identical repeats. */
export async function withIdempotency(
  scope: IdempotencyScope,
  key: string,
  hash: string,
  operation: () => Promise<{ status: number; body: unknown }>,
): Promise<StoredResponse> {
  // Claim the key. A record older than 24 h, or one abandoned mid-flight by a crash, may be taken over.
  const claim = await pool.query(
    `INSERT INTO idempotency_records (tenant_id, livemode, key, request_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT (tenant_id, livemode, key) DO UPDATE
       SET request_hash = EXCLUDED.request_hash, response_status = NULL, response_body = NULL, created_at = now()
       WHERE idempotency_records.created_at < now() - interval '24 hours'
          OR (idempotency_records.response_status IS NULL AND idempotency_records.created_at < now() - interval '5 minutes')
     RETURNING created_at::text AS claimed_at`,
    [scope.tenantId, scope.livemode, key, hash],
  );
  if (claim.rowCount) return runAndStore({ ...scope, key, claimedAt: claim.rows[0].claimed_at }, operation);

  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const { rows } = await pool.query(
      "SELECT request_hash, response_status, response_body FROM idempotency_records WHERE tenant_id = $1 AND livemode = $2 AND key = $3",
      [scope.tenantId, scope.livemode, key],
    );
    const record = rows[0];
    if (!record) return withIdempotency(scope, key, hash, operation); // the first one failed and let go
    if (record.request_hash !== hash) throw mismatch();
    if (record.response_status !== null) return { status: record.response_status, body: JSON.parse(unseal(record.response_body)), replayed: true };
    if (Date.now() > deadline) {
      throw new ApiError(409, "idempotency_error", "idempotency_request_in_progress",
        "A request with this idempotency_key is still being processed. Retry shortly.", "idempotency_key");
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** A claim of ours: the statements that end it touch the row only while it is still this claim. */
interface Claim extends IdempotencyScope {
  key: string;
  /** created_at as text: exact, whatever the time zones of this process and the session. */
  claimedAt: string;
}
const OURS = "tenant_id = $1 AND livemode = $2 AND key = $3 AND created_at = $4::timestamp AND response_status IS NULL";

async function runAndStore(claim: Claim, operation: () => Promise<{ status: number; body: unknown }>) {
  const ours = [claim.tenantId, claim.livemode, claim.key, claim.claimedAt];
  let result: { status: number; body: unknown };
  try {
    result = await operation();
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) {
      result = { status: err.status, body: err.body };
    } else {
      // Nothing reliable to replay: release the key so the client's retry runs the operation.
      await settle(() => pool.query(`DELETE FROM idempotency_records WHERE ${OURS}`, ours)).catch(() => {});
      throw err;
    }
  }
  // The operation happened: its answer must be stored, so a retry replays it rather than running it again.
  await settle(() => pool.query(`UPDATE idempotency_records SET response_status = $5, response_body = $6 WHERE ${OURS}`, [...ours, result.status, seal(JSON.stringify(result.body))]));
  return { ...result, replayed: false };
}

// While the database is unavailable (what likely failed the operation), the statement that ends a claim cannot
// run either; left undone, the key would stay "in progress" until a claim may be taken over (5 minutes), and a
// stored answer lost would let a retry run the operation twice. It is retried in the background until the
// database is back (within the takeover window); meanwhile a retry with the key waits for the first request.
const SETTLE_RETRY_MS = 1_000;
const SETTLE_FOR_MS = 4 * 60_000;

async function settle(statement: () => Promise<unknown>): Promise<void> {
  try {
    await statement();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    const until = Date.now() + SETTLE_FOR_MS;
    const retry = () => setTimeout(() => statement().catch(() => Date.now() < until && retry()), SETTLE_RETRY_MS).unref();
    retry();
    throw error; // this request answers 503; the client's retry finds the settled claim
  }
}
