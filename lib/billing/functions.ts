// Crypto checkout payments (lib/billing/crypto/transfers.ts): every confirmed ERC-20 Transfer the log watcher sends
// is offered to creditTransfer, which counts it towards the payment of its deposit address (others are ignored)
// once its block is at the billing finality depth, sleeping between asks until then, and activates the plan in
// the same transaction that marks the payment succeeded. Each transfer is counted once (transaction hash + from +
// to + value under the payment's row lock), so a log sent twice, by two watchers or re-mined by a reorg, changes
// nothing the second time; a retry repeats the one idempotent pass. A transfer whose block was orphaned
// (chain/log.removed) has its credit moved with its transaction or reversed at once.
import { inngest } from "@/lib/jobs/client";
import { CHAIN_LOG, CHAIN_LOG_REMOVED, type ChainLogEventData } from "@/lib/chain/watch/watcher";
import { expireOverdue } from "@/lib/billing/crypto/service";
import { creditRemoved, creditTransfer, retireIdleSubscriptions, reverseOrphanedCredits } from "@/lib/billing/crypto/transfers";

/** The log event billingCryptoTransfers consumes (lib/billing/module.ts). */
export const TRANSFER_LOG_EVENT = "Transfer";

/** Asks for finality at most this many times (sleeping between, up to a minute each). */
const MAX_FINALITY_ASKS = 120;
/** Seconds to sleep per block still missing: a fast chain's block time, so slow chains ask a few more times. */
const SECONDS_PER_MISSING_BLOCK = 2;

export const billingCryptoTransfers = inngest.createFunction(
  {
    id: "billing-crypto-transfers",
    triggers: [{ event: CHAIN_LOG, if: `event.data.event == '${TRANSFER_LOG_EVENT}'` }, { event: CHAIN_LOG_REMOVED, if: `event.data.event == '${TRANSFER_LOG_EVENT}'` }],
    // One credit at a time per deposit address (one payment); a tenant's payments are serialised by the credit
    // lock in creditTransfer, so two payments confirming in one poll each extend the plan.
    concurrency: { key: "event.data.args.to", limit: 1 },
    retries: 5,
  },
  async ({ event, step }) => {
    if (event.name === CHAIN_LOG_REMOVED) return step.run("withdraw", () => creditRemoved(event.data as ChainLogEventData));
    for (let ask = 1; ; ask++) {
      const result = await step.run(`credit-${ask}`, () => creditTransfer(event.data as ChainLogEventData));
      if (result.outcome !== "awaiting_finality" || ask >= MAX_FINALITY_ASKS) return result;
      await step.sleep(`finality-${ask}`, `${Math.min(60, Math.max(1, (result.wait_blocks ?? 1) * SECONDS_PER_MISSING_BLOCK))}s`);
    }
  },
);

/**
 * Every minute: pending requests past their expiry become `expired` (reads already show them so), credits whose
 * block was orphaned are reversed, and token subscriptions no payment waits on are retired.
 */
export const billingCryptoExpiry = inngest.createFunction(
  { id: "billing-crypto-expiry", triggers: [{ cron: "* * * * *" }], concurrency: { limit: 1 }, retries: 0 },
  async ({ step }) => ({
    expired: await step.run("expire", () => expireOverdue()),
    reorgs: await step.run("reorgs", () => reverseOrphanedCredits()),
    retired_subscriptions: await step.run("retire-subscriptions", () => retireIdleSubscriptions()),
  }),
);
