// The sweeper of pending user operations: records left `pending` with nobody following them (a crash
// between storing a relay and sending it, a lost answer, a follower past its retries) are advanced on chain
// evidence (lib/connect/user-ops/evidence.ts): settled by their receipt or UserOperationEvent, failed when
// their nonce was used by another operation or the bundler refuses them with their nonce unused, and sent
// again otherwise. Relays that carry no transaction record have no other owner than this.
import { db } from "@/lib/db";
import type { RelayOperation } from "@/lib/generated/prisma/client";
import { advancePending } from "@/lib/connect/user-ops/evidence";

/** Pending this long without a change: its follower is presumed gone. */
export const SWEEP_AFTER_MS = 60_000;
const BATCH = 100;

export async function sweepPendingUserOperations({ olderThanMs = SWEEP_AFTER_MS, now = new Date(), tenantId }: { olderThanMs?: number; now?: Date; tenantId?: string } = {}) {
  const stale = await db.relayOperation.findMany({
    where: { status: "pending", updatedAt: { lt: new Date(now.getTime() - olderThanMs) }, ...(tenantId ? { tenantId } : {}) },
    orderBy: { updatedAt: "asc" },
    take: BATCH,
  });
  const ended: RelayOperation[] = [];
  let failedReads = 0;
  for (const record of stale) {
    const current = await advancePending(record).catch(() => {
      failedReads++; // chain or bundler unreachable: the next sweep tries again
      return record;
    });
    // Touch it even when nothing changed, so one sweep does not take the same ones first for ever.
    if (current.status === "pending") await db.relayOperation.updateMany({ where: { id: record.id, status: "pending" }, data: { updatedAt: new Date() } });
    else ended.push(current);
  }
  return { swept: stale.length, ended, failedReads };
}
