// One attempt of a delivery, recorded: loads the delivery with its endpoint and event, signs and sends,
// then updates the delivery (attempts, status, response, next attempt) and the endpoint's failure streak
// in one statement. Automatic attempts belong to the run that claimed the delivery; manual ones (retry
// endpoint) do not, and never cut short the automatic schedule.
import { db, hotQuery } from "@/lib/db";
import { unseal } from "@/lib/crypto/secrets";
import { serializeEvent } from "./serialize";
import { sendWebhook, type SendOutcome } from "./send";
import { DISABLE_AFTER_FAILING_MS, retryDelayMs } from "./schedule";
import { recordDeliveryOutcome } from "@/lib/observability/metrics";

export interface AttemptResult {
  /** What happened: sent (see `ok`), or skipped because there was nothing to do. */
  outcome: "sent" | "not_found" | "not_owner" | "already_done" | "endpoint_disabled";
  ok: boolean;
  attempts: number;
  status: string;
  /** Epoch ms of the next automatic attempt, null when the schedule is over. */
  nextAttemptAt: number | null;
  /** How long to wait before it (0: at once). */
  delayMs: number | null;
}

interface Loaded {
  id: string;
  status: string;
  attempts: number;
  endpoint_id: string;
  url: string;
  endpoint_status: string;
  encrypted_secret: string;
  encrypted_previous_secret: string | null;
  previous_valid: boolean;
  event_id: string;
  type: string;
  data: unknown;
  created_at: Date;
}

// events.created_at is a UTC `timestamp`; as timestamptz the pg driver reads it right whatever the process time zone.
const loadSql = `WITH d AS (
  UPDATE webhook_deliveries SET run_id = COALESCE(run_id, $2::text)
  WHERE id = $1 AND ($2::text IS NULL OR run_id IS NULL OR run_id = $2::text)
  RETURNING id, status, attempts, endpoint_id, event_id
)
SELECT d.id, d.status, d.attempts, d.endpoint_id, w.url, w.status AS endpoint_status, w.encrypted_secret,
  w.encrypted_previous_secret, COALESCE(w.previous_secret_expires_at > now(), false) AS previous_valid,
  e.id AS event_id, e.type, e.data, e.created_at AT TIME ZONE 'UTC' AS created_at
FROM d JOIN webhook_endpoints w ON w.id = d.endpoint_id JOIN events e ON e.id = d.event_id`;

/**
 * Loads the delivery; with `runId`, first claims it for that run (a duplicate run of the same delivery
 * gets nothing back). Without `runId` (a manual retry) it claims nothing.
 */
async function load(deliveryId: string, runId: string | null): Promise<Loaded | undefined> {
  const { rows } = await hotQuery("webhook_attempt_load", loadSql, [deliveryId, runId]);
  return rows[0] as Loaded | undefined;
}

const skipped = (outcome: AttemptResult["outcome"], row?: { attempts: number; status: string }): AttemptResult => ({
  outcome,
  ok: false,
  attempts: row?.attempts ?? 0,
  status: row?.status ?? "unknown",
  nextAttemptAt: null,
  delayMs: null,
});

/**
 * Attempt number `failuresSoFar + 1` of the automatic schedule, for the run `runId`; on failure the
 * result says when the next one is due.
 */
export async function attemptScheduled(deliveryId: string, runId: string, failuresSoFar: number): Promise<AttemptResult> {
  const row = await load(deliveryId, runId);
  if (!row) {
    const exists = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, select: { attempts: true, status: true } });
    return skipped(exists ? "not_owner" : "not_found", exists ?? undefined);
  }
  if (row.status !== "pending") return skipped("already_done", row);
  if (row.endpoint_status !== "enabled") return markEndpointDisabled(row);
  const sent = await send(row);
  const delayMs = sent.ok ? null : retryDelayMs(failuresSoFar + 1);
  return record(row, sent, { manual: false, nextAttemptAt: delayMs === null ? null : new Date(Date.now() + delayMs), delayMs });
}

/** A re-send by hand: one attempt now, whatever the delivery's status. */
export async function attemptManual(deliveryId: string): Promise<AttemptResult> {
  const row = await load(deliveryId, null);
  if (!row) return skipped("not_found");
  return record(row, await send(row), { manual: true, nextAttemptAt: null, delayMs: null });
}

function send(row: Loaded): Promise<SendOutcome> {
  const secrets = [unseal(row.encrypted_secret)];
  if (row.encrypted_previous_secret && row.previous_valid) secrets.push(unseal(row.encrypted_previous_secret));
  const body = JSON.stringify(serializeEvent({ id: row.event_id, type: row.type, data: row.data, createdAt: row.created_at }));
  return sendWebhook(row.url, secrets, row.event_id, body);
}

async function markEndpointDisabled(row: Loaded): Promise<AttemptResult> {
  await db.$executeRaw`
    UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, last_error = 'The endpoint is disabled'
    WHERE id = ${row.id} AND status = 'pending'`;
  return skipped("endpoint_disabled", { attempts: row.attempts, status: "failed" });
}

/** Ends a delivery whose function failed on our side (not the receiver's): failed, with the reason. */
export async function giveUp(deliveryId: string, reason: string): Promise<void> {
  await db.$executeRaw`
    UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL,
      last_error = ${`Delivery stopped by an internal error: ${reason}`.slice(0, 500)}
    WHERE id = ${deliveryId} AND status = 'pending'`;
}

// $1 delivery, $2 endpoint, $3 ok, $4 response status, $5 duration, $6 error, $7 manual, $8 next attempt, $9 disable after (ms),
// $10 the receiver answered 410 Gone (the endpoint is disabled at once), $11 response body, $12 webhook-timestamp sent,
// $13 webhook-signature sent. The attempt's row takes its number from the delivery's updated count (the UPDATE's
// RETURNING sees a concurrent attempt's increment; a snapshot read would not).
const recordSql = `WITH ep AS (
  UPDATE webhook_endpoints SET
    failing_since = CASE WHEN $3::boolean THEN NULL ELSE COALESCE(failing_since, now()) END,
    status = CASE WHEN $10::boolean OR (NOT $3::boolean AND failing_since <= now() - $9::bigint * interval '1 millisecond') THEN 'disabled' ELSE status END,
    disabled_reason = CASE WHEN $10::boolean THEN 'gone'
      WHEN NOT $3::boolean AND failing_since <= now() - $9::bigint * interval '1 millisecond' THEN 'failing' ELSE disabled_reason END
  WHERE id = $2 AND status = 'enabled'
    AND ($10::boolean OR CASE WHEN $3::boolean THEN failing_since IS NOT NULL
      ELSE failing_since IS NULL OR failing_since <= now() - $9::bigint * interval '1 millisecond' END)
  RETURNING status
), plan AS (
  SELECT EXISTS (SELECT 1 FROM ep WHERE status = 'disabled') AS disabled
), updated AS (
UPDATE webhook_deliveries d SET
  attempts = d.attempts + 1,
  response_status = $4::int,
  duration_ms = $5::int,
  last_error = $6::text,
  response_body = $11::text,
  last_attempt_at = now(),
  succeeded_at = CASE WHEN $3::boolean THEN now() ELSE d.succeeded_at END,
  status = CASE
    WHEN $3::boolean THEN 'succeeded'
    WHEN NOT $7::boolean AND d.status = 'succeeded' THEN 'succeeded'
    WHEN NOT $7::boolean AND d.status = 'failed' THEN 'failed'
    WHEN plan.disabled THEN 'failed'
    WHEN $7::boolean THEN CASE WHEN d.status = 'pending' AND d.next_attempt_at IS NOT NULL THEN 'pending' ELSE 'failed' END
    WHEN $8::timestamptz IS NOT NULL THEN 'pending'
    ELSE 'failed' END,
  next_attempt_at = CASE
    WHEN $3::boolean OR plan.disabled THEN NULL
    WHEN $7::boolean THEN d.next_attempt_at
    WHEN d.status IN ('succeeded', 'failed') THEN NULL
    ELSE $8::timestamptz END
FROM plan
WHERE d.id = $1
RETURNING d.attempts, d.status, d.next_attempt_at
), attempt AS (
  INSERT INTO webhook_delivery_attempts (delivery_id, number, manual, timestamp, signature, ok, response_status, duration_ms, error, response_body)
  SELECT $1, attempts, $7::boolean, $12::int, $13::text, $3::boolean, $4::int, $5::int, $6::text, $11::text
  FROM updated
)
SELECT attempts, status, next_attempt_at FROM updated`;

/**
 * Records the attempt. The endpoint's failure streak starts at its first failed attempt and ends at a
 * success; a failure once the streak is 5 days old disables the endpoint (and ends this schedule), and so
 * does a 410 Gone at once. Every other failure (429, 5xx, other 4xx, no answer) is retried per the schedule.
 * Automatic attempts never undo a success recorded meanwhile by a manual retry, nor revive a delivery stopped
 * meanwhile (given up, or its endpoint disabled) when they fail.
 */
async function record(
  row: Loaded,
  sent: SendOutcome,
  plan: { manual: boolean; nextAttemptAt: Date | null; delayMs: number | null },
): Promise<AttemptResult> {
  const { rows } = await hotQuery("webhook_attempt_record", recordSql, [
    row.id, row.endpoint_id, sent.ok, sent.status, sent.durationMs, sent.error, plan.manual, plan.nextAttemptAt, DISABLE_AFTER_FAILING_MS,
    sent.status === 410, sent.responseBody, sent.timestamp, sent.signature,
  ]);
  recordDeliveryOutcome(sent);
  const updated = rows[0] as { attempts: number; status: string; next_attempt_at: Date | null } | undefined;
  if (!updated) return skipped("not_found");
  const next = plan.manual || !updated.next_attempt_at ? null : updated.next_attempt_at.getTime();
  return {
    outcome: "sent",
    ok: sent.ok,
    attempts: updated.attempts,
    status: updated.status,
    nextAttemptAt: next,
    delayMs: next === null ? null : plan.delayMs,
  };
}
