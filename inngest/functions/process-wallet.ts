// The durable half of the one transaction path: one run drives a sender's whole backlog on one chain
// (lib/chain/registry/submitters). Runs of one wallet never overlap (concurrency key). The work is not in steps on
// purpose: the records are the state machine (a signed record is sent again, never signed again), so a
// retry or a crash repeats it safely. A run never fails a record because it gave up: an open record
// stays open, and the run continues in a new run while anything is open; the reconciler re-dispatches
// wallets whose records nobody is moving. A clean stop of the instance (SIGTERM) ends the run at its next safe
// point (runStopping), and the new run is another instance's at once: no lease is left to lapse.
import { NonRetriableError } from "inngest";
import { inngest } from "@/lib/jobs/client";
import { runStopping } from "@/lib/jobs";
import { WALLET_WORK, dispatchWallets, type WalletWork } from "@/lib/chain/intake";
import { submitterFor } from "@/lib/chain/registry/submitters";
import { ChainMismatch } from "@/lib/chain/eoa/run";
import { redactRpc } from "@/lib/core/redact";
import { withSpan } from "@/lib/observability/tracing";

export const processWallet = inngest.createFunction(
  {
    id: "process-wallet",
    triggers: [{ event: WALLET_WORK }],
    retries: 20,
    concurrency: { key: "event.data.wallet", limit: 1 },
  },
  async ({ event }) => {
    const work = event.data as WalletWork;
    const attributes = { network: work.network, wallet: work.from, submitter: work.submitter };
    const { open } = await withSpan("chain.run", attributes, () => submitterFor(work.submitter).run({ from: work.from, chainKey: work.chainKey }, work.network, runStopping), event.data.trace)
      .catch((error) => {
        // The run's error is stored and logged: never with a provider URL (they carry keys). A chain
        // mismatch is final for this instance: the records stay open for one configured for their chain.
        const message = redactRpc(error instanceof Error ? error.message : String(error));
        throw error instanceof ChainMismatch ? new NonRetriableError(message) : new Error(message);
      });
    if (open) await dispatchWallets([{ fromAddress: work.from, chainKey: work.chainKey, network: work.network, submitter: work.submitter }]);
    return { wallet: work.wallet, open };
  },
);
