// The one place events (spec section 6) are recorded. The event row is also the webhook outbox entry:
// it commits (or rolls back) with the caller's transaction, and lib/webhooks/outbox fans it out to the
// subscribed endpoints once it is committed, so nothing accepted is lost and nothing rolled back is sent.
import { db, Prisma, type Queryable } from "@/lib/db";
import { newId } from "@/lib/core/ids";
import type { EventType } from "@/lib/core/event-types";
import { nudgeOutbox, SUBSCRIBED } from "./outbox";

type Tx = Prisma.TransactionClient;

/** Records `type` for `tenantId` with the serialised record as `data.object`; pass `tx` to commit with the change. */
export async function emit(tenantId: string, type: EventType, object: object, tx: Tx = db) {
  const event = await tx.event.create({ data: eventRow(tenantId, type, object) });
  nudgeOutbox();
  return event;
}

/**
 * The INSERT of the events in the jsonb recordset `param` (rows of eventRecordset), RETURNING whether each
 * waits for the outbox; with `ofRecords` (a CTE returning ids), only the events of those records.
 * An event no endpoint subscribes to is recorded as dispatched: the outbox would only mark it. Endpoints are
 * those the statement sees, so one created in the same instant by a transaction not yet committed gets the
 * events recorded after its commit.
 */
export function insertEventsSql(param: string, ofRecords?: string) {
  return `INSERT INTO events (id, tenant_id, type, data, livemode, created_at, dispatched_at)
    SELECT p.id, p.tenant_id, p.type, p.data, p.livemode, p.created_at,
      CASE WHEN EXISTS (SELECT 1 FROM webhook_endpoints w WHERE ${SUBSCRIBED}) THEN NULL ELSE p.created_at END
    FROM (SELECT e.*, now() AT TIME ZONE 'UTC' AS created_at
      FROM jsonb_to_recordset(${param}) AS e(id text, tenant_id text, type text, data jsonb, livemode boolean, record text)) p
    ${ofRecords ? `WHERE p.record IN (SELECT id FROM ${ofRecords})` : ""}
    ORDER BY p.id
    RETURNING dispatched_at IS NULL AS pending`;
}

const emitAllSql = `WITH inserted AS (${insertEventsSql("$1::jsonb")}) SELECT count(*) FILTER (WHERE pending)::int AS pending FROM inserted`;

/** Rows for insertEventsSql's recordset (as JSON), in order; `record`: the id of the record they are about. */
export function eventRecordset(tenantId: string, events: { type: EventType; object: object }[], record?: string) {
  return events.map((e) => {
    const r = eventRow(tenantId, e.type, e.object);
    return { id: r.id, tenant_id: r.tenantId, type: r.type, data: r.data, livemode: r.livemode, record: record ?? null };
  });
}

/**
 * Several events at once (one statement), in order; `tx` is a Prisma transaction or a raw pg client inside one.
 * On a raw client, returns whether any event waits for the outbox (the caller nudges it once committed).
 */
export async function emitAll(tenantId: string, events: { type: EventType; object: object }[], tx: Tx | Queryable = db): Promise<boolean> {
  if (!events.length) return false;
  if ("query" in tx) {
    const { rows: result } = await tx.query(emitAllSql, [JSON.stringify(eventRecordset(tenantId, events))]);
    return result[0].pending > 0;
  }
  await tx.event.createMany({ data: events.map((e) => eventRow(tenantId, e.type, e.object)) });
  nudgeOutbox();
  return true;
}

function eventRow(tenantId: string, type: EventType, object: object) {
  const livemode = (object as { livemode?: unknown }).livemode;
  return {
    id: newId("evt"),
    tenantId,
    type,
    data: { object } as Prisma.InputJsonValue,
    livemode: typeof livemode === "boolean" ? livemode : null,
  };
}
