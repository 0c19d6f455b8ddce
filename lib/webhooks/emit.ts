// The one place events (spec section 6) are recorded. The event row is also the webhook outbox entry:
// it commits (or rolls back) with the caller's transaction, and lib/webhooks/outbox fans it out to the
// subscribed endpoints once it is committed, so nothing accepted is lost and nothing rolled back is sent.
import { db, Prisma, type Queryable } from "@/lib/db";
import { newId } from "@/lib/api/ids";
import type { EventType } from "./event-types";
import { nudgeOutbox } from "./outbox";

type Tx = Prisma.TransactionClient;

/** Records `type` for `tenantId` with the serialised record as `data.object`; pass `tx` to commit with the change. */
export async function emit(tenantId: string, type: EventType, object: object, tx: Tx = db) {
  const event = await tx.event.create({ data: eventRow(tenantId, type, object) });
  nudgeOutbox();
  return event;
}

const insertEventsSql = `INSERT INTO events (id, tenant_id, type, data, livemode, created_at)
  SELECT e.id, e.tenant_id, e.type, e.data, e.livemode, now() AT TIME ZONE 'UTC'
  FROM jsonb_to_recordset($1::jsonb) AS e(id text, tenant_id text, type text, data jsonb, livemode boolean)`;

/** Several events at once (one statement), in order; `tx` is a Prisma transaction or a raw pg client inside one. */
export async function emitAll(tenantId: string, events: { type: EventType; object: object }[], tx: Tx | Queryable = db) {
  if (!events.length) return;
  const rows = events.map((e) => eventRow(tenantId, e.type, e.object));
  if ("query" in tx) {
    const data = rows.map((r) => ({ id: r.id, tenant_id: r.tenantId, type: r.type, data: r.data, livemode: r.livemode }));
    await tx.query(insertEventsSql, [JSON.stringify(data)]);
  } else {
    await tx.event.createMany({ data: rows });
  }
  nudgeOutbox();
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
