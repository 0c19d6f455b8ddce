// The durable half of the one transaction path: one run drives a sender's whole backlog on one chain
// (lib/chain/submitters). Runs of one wallet never overlap (concurrency key). The work is not in steps on
// purpose: the records are the state machine (a signed record is sent again, never signed again), so a
// retry or a crash repeats it safely. A run never fails a record because it gave up: an open record
// stays open, and the run continues in a new run while anything is open; the reconciler re-dispatches
// wallets whose records nobody is moving.
import { NonRetriableError } from "inngest";
import { inngest } from "@/inngest/client";
import { WALLET_WORK, dispatchWallets, type WalletWork } from "@/lib/chain/transactions";
import { submitterFor } from "@/lib/chain/submitters";
import { ChainMismatch } from "@/lib/chain/eoa/run";
import { redactRpc } from "@/lib/chain/redact";

export const processWallet = inngest.createFunction(
  {
    id: "process-wallet",
    triggers: [{ event: WALLET_WORK }],
    retries: 20,
    concurrency: { key: "event.data.wallet", limit: 1 },
  },
  async ({ event }) => {
    const work = event.data as WalletWork;
    const { open } = await submitterFor(work.submitter)
      .run({ from: work.from, chainKey: work.chainKey }, work.network)
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
