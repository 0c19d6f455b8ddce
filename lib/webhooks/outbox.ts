// The webhook outbox. emit() writes events in the caller's transaction; here committed, undispatched
// events are fanned out: one delivery row per subscribed endpoint is created and the event marked
// dispatched in one transaction (rows locked FOR UPDATE SKIP LOCKED, so any number of processes can do
// this side by side), then one Inngest event per delivery starts its durable function.
// What runs it: a nudge from emit() (then fast polling for a moment, since the emitting transaction may
// not have committed yet), and the `webhook-outbox` cron function every minute (on Inngest Cloud and
// under the local executor alike) for anything left, e.g. from before a restart. A crash between the two
// steps leaves deliveries with no `enqueued_at`; the sweep re-sends them under the same event id, which
// Inngest deduplicates.
import { db, hotQuery, Prisma } from "@/lib/db";
import { newId } from "@/lib/core/ids";
import { inngest } from "@/lib/jobs/client";
import { traceCarrier } from "@/lib/observability/tracing";

export const DELIVERY_REQUESTED = "webhook/delivery.requested";

const BATCH = 500;
const FAST_POLL_MS = 25;
const FAST_FOR_MS = 2_000;
/** A delivery whose Inngest event has not been sent after this long is taken as lost and sent again. */
const LOST_AFTER_MS = 30_000;

interface Fanned {
  event_id: string;
  tenant_id: string;
  type: string;
  endpoint_id: string | null;
}

// Which endpoints get an event (the fan-out's join, used by the statements below and by emitAll's insert).
export const SUBSCRIBED = `w.tenant_id = p.tenant_id AND w.status = 'enabled'
  AND (p.type = ANY (w.events) OR '*' = ANY (w.events))
  AND (p.livemode IS NULL OR w.livemode = p.livemode)
  -- An endpoint gets the events that happened once it existed, not a backlog still in the outbox.
  AND w.created_at <= p.created_at AT TIME ZONE 'UTC'`;

// The common case in one statement: events no endpoint subscribes to are marked dispatched, with nothing to
// fan out. If any picked event has a subscriber, nothing is marked and the transaction below does it all.
const markUnsubscribedSql = `WITH picked AS (
    SELECT id, tenant_id, type, livemode, created_at FROM events WHERE dispatched_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
  ), subscribed AS (SELECT 1 FROM picked p JOIN webhook_endpoints w ON ${SUBSCRIBED} LIMIT 1),
  marked AS (UPDATE events SET dispatched_at = now() WHERE id IN (SELECT id FROM picked) AND NOT EXISTS (SELECT 1 FROM subscribed) RETURNING 1)
  SELECT (SELECT count(*) FROM picked)::int AS picked, (SELECT count(*) FROM marked)::int AS marked`;

/** One fan-out pass over up to `limit` events; returns how many events it dispatched. */
export async function dispatchEvents(limit = BATCH): Promise<number> {
  const { rows } = await hotQuery("webhook_outbox_unsubscribed", markUnsubscribedSql, [limit]);
  if (rows[0].picked === 0 || rows[0].marked > 0) return rows[0].marked;
  const { events, deliveries } = await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<Fanned[]>`
      WITH picked AS (
        SELECT id, tenant_id, type, livemode, created_at FROM events
        WHERE dispatched_at IS NULL ORDER BY id LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      ), marked AS (
        UPDATE events SET dispatched_at = now() WHERE id IN (SELECT id FROM picked)
      )
      SELECT p.id AS event_id, p.tenant_id, p.type, w.id AS endpoint_id
      FROM picked p LEFT JOIN webhook_endpoints w ON ${Prisma.raw(SUBSCRIBED)}
      ORDER BY p.id, w.id`;
    const deliveries = rows
      .filter((r) => r.endpoint_id)
      .map((r) => ({ id: newId("whd"), tenantId: r.tenant_id, endpointId: r.endpoint_id!, eventId: r.event_id, eventType: r.type }));
    if (deliveries.length) await tx.webhookDelivery.createMany({ data: deliveries });
    return { events: new Set(rows.map((r) => r.event_id)).size, deliveries: deliveries.map((d) => d.id) };
  });
  if (deliveries.length) await enqueueDeliveries(deliveries);
  return events;
}

/** Starts the delivery function for each id (the Inngest event id is the delivery id: a re-send is a no-op). */
export async function enqueueDeliveries(ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += BATCH) {
    const chunk = ids.slice(i, i + BATCH);
    const trace = traceCarrier(); // the delivery continues the trace of what emitted the event
    await inngest.send(chunk.map((id) => ({ name: DELIVERY_REQUESTED, id, data: { delivery_id: id, trace } })));
    await db.$executeRaw`UPDATE webhook_deliveries SET enqueued_at = now() WHERE id = ANY (${chunk}::text[])`;
  }
}

/** Re-sends deliveries whose Inngest event was never sent (a crash or an Inngest outage after fan-out). */
export async function sweepUnenqueued(olderThanMs = LOST_AFTER_MS): Promise<number> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT id FROM webhook_deliveries
    WHERE enqueued_at IS NULL AND created_at < now() - ${olderThanMs}::int * interval '1 millisecond'
    ORDER BY created_at LIMIT ${BATCH}`;
  if (rows.length) await enqueueDeliveries(rows.map((r) => r.id));
  return rows.length;
}

/** Everything the outbox has to do now: all undispatched events, then the sweep. */
export async function drainOutbox(): Promise<{ events: number; resent: number }> {
  let events = 0;
  for (let n: number; (n = await dispatchEvents()) > 0; ) events += n;
  return { events, resent: await sweepUnenqueued() };
}

// The in-process loop after a nudge; idle otherwise. On globalThis: Next.js may load this module more than once.
interface Loop {
  timer?: NodeJS.Timeout;
  running: boolean;
  again: boolean;
  fastUntil: number;
}
const globalForOutbox = globalThis as unknown as { webhookOutbox?: Loop };

/** Called by emit(): dispatch soon, and keep looking for a moment in case the event's transaction is still open. */
export function nudgeOutbox(): void {
  const loop = (globalForOutbox.webhookOutbox ??= { running: false, again: false, fastUntil: 0 });
  loop.fastUntil = Date.now() + FAST_FOR_MS;
  if (loop.running) {
    loop.again = true;
    return;
  }
  schedule(loop, 0);
}

function schedule(loop: Loop, delayMs: number) {
  clearTimeout(loop.timer);
  loop.timer = setTimeout(() => void pass(loop), delayMs);
  loop.timer.unref(); // never keeps a process (a script, a test worker) alive
}

async function pass(loop: Loop) {
  loop.running = true;
  loop.again = false;
  let dispatched = 0;
  try {
    dispatched = await dispatchEvents();
  } catch (error) {
    if (process.env.LOG_LEVEL !== "silent") console.error("[webhooks] outbox pass failed:", error);
  } finally {
    loop.running = false;
    // Past the fast window the loop rests until the next nudge; the cron function picks up what is left.
    if (dispatched > 0 || loop.again) schedule(loop, 0);
    else if (Date.now() < loop.fastUntil) schedule(loop, FAST_POLL_MS);
  }
}
