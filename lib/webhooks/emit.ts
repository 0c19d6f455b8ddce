// The one place events (spec section 6) are recorded. The event row is also the webhook outbox entry:
// it commits (or rolls back) with the caller's transaction, and lib/webhooks/outbox fans it out to the
// subscribed endpoints once it is committed, so nothing accepted is lost and nothing rolled back is sent.
import { db, Prisma } from "@/lib/db";
import { newId } from "@/lib/api/ids";
import type { EventType } from "./event-types";
import { nudgeOutbox } from "./outbox";

type Tx = Prisma.TransactionClient;

/** Records `type` for `tenantId` with the serialised record as `data.object`; pass `tx` to commit with the change. */
export async function emit(tenantId: string, type: EventType, object: object, tx: Tx = db) {
  const livemode = (object as { livemode?: unknown }).livemode;
  const event = await tx.event.create({
    data: {
      id: newId("evt"),
      tenantId,
      type,
      data: { object } as Prisma.InputJsonValue,
      livemode: typeof livemode === "boolean" ? livemode : null,
    },
  });
  nudgeOutbox();
  return event;
}
