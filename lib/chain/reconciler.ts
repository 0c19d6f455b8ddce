// Picks up transaction records that no run is finishing: a dispatch lost to a crash between commit and
// send, or a run that gave up while the transaction could still confirm. Dispatching twice is harmless:
// runs of one record are serialised (concurrency key) and finalizing is conditional.
import { db } from "@/lib/db";
import { inngest } from "@/inngest/client";
import { TRANSACTION_REQUESTED } from "./transactions";

const STALE_AFTER_MS = 2 * 60_000;

export async function reconcileTransactions(now = new Date()): Promise<number> {
  const stale = await db.transaction.findMany({
    where: { status: { in: ["pending", "submitted"] }, updatedAt: { lt: new Date(now.getTime() - STALE_AFTER_MS) } },
    select: { id: true },
    take: 500,
  });
  if (!stale.length) return 0;
  const slot = Math.floor(now.getTime() / STALE_AFTER_MS); // one re-dispatch per record per period
  await inngest.send(stale.map(({ id }) => ({ name: TRANSACTION_REQUESTED, id: `reconcile-${id}-${slot}`, data: { transactionId: id } })));
  await db.transaction.updateMany({ where: { id: { in: stale.map((t) => t.id) } }, data: { updatedAt: now } });
  return stale.length;
}

/** In the embedded default (no Inngest cron): run every minute in this process. */
export function startReconciler(intervalMs = 60_000) {
  const timer = setInterval(() => void reconcileTransactions().catch((e) => console.error("reconciler:", e)), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
