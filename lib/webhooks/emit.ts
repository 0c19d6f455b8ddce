// The one place events (spec section 6) are recorded. Webhook delivery builds on these records.
import { db, Prisma } from "@/lib/db";
import { newId } from "@/lib/api/ids";
import type { EventType } from "./event-types";

type Tx = Prisma.TransactionClient;

/** Records `type` for `tenantId` with the serialised record as `data.object`; pass `tx` to commit with the change. */
export async function emit(tenantId: string, type: EventType, object: object, tx: Tx = db) {
  return tx.event.create({
    data: { id: newId("evt"), tenantId, type, data: { object } as Prisma.InputJsonValue },
  });
}
