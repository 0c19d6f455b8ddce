// Picks up transaction records that no run is finishing: a dispatch lost to a crash between commit and
// send, or a run that gave up while the transaction could still confirm. Dispatching twice is harmless:
// runs of one record are serialised (concurrency key) and finalizing is conditional. Run every minute by
// the reconcile-transactions cron function (inngest/functions), on Inngest Cloud and the local executor.
import { dispatchWallets } from "@/lib/chain/intake";
import { staleRecords, touch } from "@/lib/chain/records/statements";

const STALE_AFTER_MS = 2 * 60_000;

export async function reconcileTransactions(now = new Date()): Promise<number> {
  const stale = await staleRecords(new Date(now.getTime() - STALE_AFTER_MS));
  if (!stale.length) return 0;
  await dispatchWallets(stale); // one run per wallet: it drives every open record of that wallet
  await touch(stale.map((t) => t.id), now);
  return stale.length;
}
