// What happens when a price feed consumer's transactions end (inside the database transaction that finalizes
// the chain record): the deployment gives the record the consumer's address from the factory's log; a
// confirmed setMaxAge makes the new threshold the record's.
import { getAddress, parseEventLogs } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import type { EffectContext, Operation, KindsOf } from "@/lib/chain/operations";
import { CONSUMER_COLUMNS } from "./records";

export interface PriceFeedEffect {
  consumer: string;
  /** max_age only. */
  max_age_seconds?: number;
}
const effectOf = (ctx: EffectContext) => ctx.tx.effect as unknown as PriceFeedEffect;

async function update(ctx: EffectContext, set: string, values: unknown[] = []) {
  await ctx.client.query(
    `UPDATE price_feed_consumers SET ${set}, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1 RETURNING ${CONSUMER_COLUMNS}`,
    [effectOf(ctx).consumer, ...values],
  );
}

const deploy: Operation = {
  async onConfirmed(ctx) {
    const logs = parseEventLogs({ abi: artifact("PlatformPriceConsumerFactory").abi, eventName: "ConsumerDeployed", logs: ctx.receipt.logs, strict: true });
    const ours = logs.find((l) => getAddress(l.address) === getAddress(ctx.tx.toAddress!));
    if (!ours) return void (await update(ctx, "status = 'failed', failure_reason = $2", ["The factory deployed no consumer."]));
    await update(ctx, "address = $2, status = 'active'", [getAddress(ours.args.consumer)]);
  },
  onFailed: async (ctx) => void (await update(ctx, "status = 'failed', failure_reason = $2", [`The deployment failed: ${ctx.reason}`])),
};

const setMaxAge: Operation = {
  onConfirmed: async (ctx) => void (await update(ctx, "max_age_seconds = $2", [effectOf(ctx).max_age_seconds])),
};

export const priceFeedOperations = {
  "price_feed.deploy_consumer": deploy,
  "price_feed.set_max_age": setMaxAge,
} satisfies Record<string, Operation>;

declare module "@/lib/chain/operations" {
  interface OperationKinds extends KindsOf<typeof priceFeedOperations> {}
}
