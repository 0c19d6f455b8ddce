// Crypto checkout payments (lib/billing/crypto.ts): every confirmed ERC-20 Transfer the log watcher sends is
// offered to creditTransfer, which counts it towards the payment of its deposit address (others are ignored) and
// activates the plan in the same transaction that marks the payment succeeded. The watcher only sends logs whose
// block has the network's confirmations (lib/chain/confirmations.ts). Each transfer is counted once (transaction
// hash + log index under the payment's row lock), so a log sent twice, by two watchers or after a reorg walk-back,
// changes nothing the second time; a retry repeats the one idempotent pass.
import { inngest } from "@/inngest/client";
import { CHAIN_LOG, type ChainLogEventData } from "@/lib/chain/watcher";
import { creditTransfer, expireOverdue } from "@/lib/billing/crypto";

export const billingCryptoTransfers = inngest.createFunction(
  { id: "billing-crypto-transfers", triggers: [{ event: CHAIN_LOG, if: "event.data.event == 'Transfer'" }], retries: 5 },
  async ({ event }) => creditTransfer(event.data as ChainLogEventData),
);

/** Every minute: pending requests past their expiry become `expired` (reads already show them so). */
export const billingCryptoExpiry = inngest.createFunction(
  { id: "billing-crypto-expiry", triggers: [{ cron: "* * * * *" }], concurrency: { limit: 1 }, retries: 0 },
  async () => ({ expired: await expireOverdue() }),
);
