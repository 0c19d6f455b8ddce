// Stripe-style idempotency: the first request with a key runs; its status and body are stored for 24 h
// and replayed to repeats with the same parameters. Same key, other parameters → 409. Concurrent
// duplicates wait for the first one instead of running the operation again. A first request whose
// instance died mid-way (its heartbeat stopped) is taken over by a repeat, under the same claim: chain
// writes the dead one recorded are found by their claim and answered, never recorded twice; other
// operations run again (they may have been done once already, which the dead instance never answered).
// A request that fails (5xx) after chain writes committed under its claim keeps the claim, open for a
// retry to resume at once: the retry finds those writes (lib/chain/intake/resources) instead of writing again.
// One whose rows committed with their answer (lib/db/answer-once: a webhook endpoint, an API key) has that
// answer stored already: the claim is never released, and the retry replays it. With nothing committed, a 5xx
// releases the key, for the retry to run anew.
// Keys are scoped per tenant and mode: a live request never replays a test response. The stored body is
// sealed (AES-256-GCM under ENCRYPTION_KEY, lib/crypto/secrets): a response may carry a secret shown
// once (an API key's sk_…, a webhook endpoint's whsec_…), and a replay must show it again.
import { createHash, randomBytes } from "node:crypto";
import { pool } from "@/lib/db";
import { seal, unseal } from "@/lib/crypto/secrets";
import { ApiError } from "@/lib/core/errors";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { OperationFailed, runUnderClaim, writeRefs, type RequestClaim } from "@/lib/core/idempotency-context";
import { findByIdempotencyClaims } from "@/lib/chain/records/statements";

/** Whose key it is: the tenant and the caller's mode. */
export interface IdempotencyScope {
  tenantId: string;
  livemode: boolean;
}

export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** How a request resumed under an earlier run's claim answers before running anything, when it can (see api()). */
export type ResumeAnswer = (claimId: string) => Promise<StoredAnswer | null>;

export interface StoredResponse {
  status: number;
  body: unknown;
  replayed: boolean;
}

const WAIT_FOR_FIRST_MS = 30_000;
/** A waiting duplicate polls soon at first (most requests finish fast), then backs off so a slow one is not hammered. */
const FIRST_POLL_MS = 25;
const MAX_POLL_MS = 500;
export const pollDelayMs = (attempt: number) => Math.min(FIRST_POLL_MS * 2 ** attempt, MAX_POLL_MS);
/** How often a running request renews its claim, and after how long without renewal the claim counts as abandoned. */
const HEARTBEAT_MS = 2_000;
const ABANDONED_AFTER_MS = 10_000;

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
  operation: () => Promise<StoredAnswer>,
  options: { resumeAnswer?: ResumeAnswer; status?: number } = {},
): Promise<StoredResponse> {
  const { resumeAnswer, status = 200 } = options;
  const answer = { tenantId: scope.tenantId, livemode: scope.livemode, key, status };
  // Claim the key. A record older than 24 h may be taken over as a new claim.
  const claim = await pool.query<{ claim_id: string }>(
    `INSERT INTO idempotency_records (tenant_id, livemode, key, request_hash, claim_id, heartbeat_at) VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (tenant_id, livemode, key) DO UPDATE
       SET request_hash = EXCLUDED.request_hash, response_status = NULL, response_body = NULL, created_at = now(),
         claim_id = EXCLUDED.claim_id, heartbeat_at = now()
       WHERE idempotency_records.created_at < now() - interval '24 hours'
     RETURNING claim_id`,
    [scope.tenantId, scope.livemode, key, hash, newClaimId()],
  );
  if (claim.rowCount) return runAndStore(scope, key, { id: claim.rows[0].claim_id, resumed: false, answer }, operation);
  const resume = (claimId: string) => runAndStore(scope, key, { id: claimId, resumed: true, answer }, operation, resumeAnswer);

  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (let attempt = 0; ; attempt++) {
    const { rows } = await pool.query(
      `SELECT request_hash, response_status, response_body, heartbeat_at < now() - $4::int * interval '1 millisecond' AS abandoned
       FROM idempotency_records WHERE tenant_id = $1 AND livemode = $2 AND key = $3`,
      [scope.tenantId, scope.livemode, key, ABANDONED_AFTER_MS],
    );
    const record = rows[0];
    if (!record) return withIdempotency(scope, key, hash, operation, options); // the first one failed and let go
    if (record.request_hash !== hash) throw mismatch();
    if (record.response_status !== null) return { status: record.response_status, body: JSON.parse(unseal(record.response_body)), replayed: true };
    if (record.abandoned) {
      // The first request's instance stopped renewing it (it died mid-way): this one carries on under the same
      // claim, so the chain writes the first one made are found, not made again (see lib/core/idempotency-context).
      const taken = await pool.query<{ claim_id: string }>(
        `UPDATE idempotency_records SET heartbeat_at = now(), claim_id = COALESCE(claim_id, $5)
         WHERE tenant_id = $1 AND livemode = $2 AND key = $3 AND response_status IS NULL
           AND heartbeat_at < now() - $4::int * interval '1 millisecond'
         RETURNING claim_id`,
        [scope.tenantId, scope.livemode, key, ABANDONED_AFTER_MS, newClaimId()],
      );
      if (taken.rowCount) return resume(taken.rows[0].claim_id);
    }
    if (Date.now() > deadline) {
      throw new ApiError(409, "idempotency_error", "idempotency_request_in_progress",
        "A request with this idempotency_key is still being processed. Retry shortly.", "idempotency_key");
    }
    await new Promise((r) => setTimeout(r, pollDelayMs(attempt)));
  }
}

const newClaimId = () => `idc_${randomBytes(12).toString("base64url")}`;

/** The statements that end a claim touch the row only while it is still this claim, unanswered. */
const OURS = "tenant_id = $1 AND livemode = $2 AND key = $3 AND claim_id = $4 AND response_status IS NULL";

async function runAndStore(scope: IdempotencyScope, key: string, claim: Parameters<typeof runUnderClaim>[0], operation: () => Promise<StoredAnswer>, resumeAnswer?: ResumeAnswer) {
  const { id: claimId, resumed } = claim;
  const ours = [scope.tenantId, scope.livemode, key, claimId];
  let result: StoredAnswer;
  // A sign of life while the operation runs, so a request waiting on this key can tell a slow one from a dead one.
  const heartbeat = setInterval(() => {
    pool
      // Never over a claim let go for takeover (./letGo), should a late beat land after it.
      .query("UPDATE idempotency_records SET heartbeat_at = now() WHERE tenant_id = $1 AND livemode = $2 AND key = $3 AND response_status IS NULL AND heartbeat_at > now() - interval '1 hour'", [scope.tenantId, scope.livemode, key])
      .catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    // An earlier run's write may be the whole answer: then nothing runs again, not even the checks before it.
    result = (resumed && (await resumeAnswer?.(claimId))) || (await runUnderClaim(claim, operation)).result;
  } catch (failure) {
    clearInterval(heartbeat);
    const err = failure instanceof OperationFailed ? failure.error : failure;
    if (err instanceof ApiError && err.status < 500) {
      result = { status: err.status, body: err.body };
    } else {
      const claim = failure instanceof OperationFailed ? failure.claim : null;
      await settle(() => letGo(ours, claim)).catch(() => {});
      throw err;
    }
  } finally {
    clearInterval(heartbeat);
  }
  // The operation happened: its answer must be stored, so a retry replays it rather than running it again
  // (unless it is stored already: an operation whose rows commit with their answer, lib/db/answer-once).
  await settle(() => pool.query(`UPDATE idempotency_records SET response_status = $5, response_body = $6 WHERE ${OURS}`, [...ours, result.status, seal(JSON.stringify(result.body))]));
  return { ...result, replayed: false };
}

/**
 * Ends a claim whose operation failed with nothing reliable to answer. Without a committed chain write or row under it,
 * the key is released, so the client's retry runs the operation anew. With one, the claim stays (its writes are
 * its, for good) and is opened for takeover at once: the retry resumes under it and finds those writes.
 */
async function letGo(ours: unknown[], claim: RequestClaim | null) {
  const writes = claim?.writes ?? 0;
  const committed = !!claim?.committed || (writes > 0 && (await findByIdempotencyClaims(writeRefs(ours[3] as string, writes))).length > 0);
  if (committed) await pool.query(`UPDATE idempotency_records SET heartbeat_at = now() - interval '1 day' WHERE ${OURS}`, ours);
  else await pool.query(`DELETE FROM idempotency_records WHERE ${OURS}`, ours);
}

// While the database is unavailable (what likely failed the operation), the statement that ends a claim cannot
// run either; left undone, a stored answer lost would let a retry run the operation again. It is retried in the
// background until the database is back; meanwhile a retry with the key waits for it, or takes the claim over
// once its heartbeat has lapsed (and then finds the chain writes made under it).
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
