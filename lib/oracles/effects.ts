// What happens when a price feed consumer's transactions end (inside the database transaction that finalizes
// the chain record): the deployment gives the record the consumer's address from the factory's log; a
// confirmed setMaxAge makes the new threshold the record's.
import { getAddress, parseEventLogs } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import type { EffectContext, Operation } from "@/lib/chain/registry/kinds";
import { resourceLifecycle } from "@/lib/chain/intake/resource-rows";
import { CONSUMER_COLUMNS } from "./records";

export interface PriceFeedEffect {
  consumer: string;
  /** max_age only. */
  max_age_seconds?: number;
}
const effectOf = (ctx: EffectContext) => ctx.tx.effect as unknown as PriceFeedEffect;

const consumers = resourceLifecycle({ table: "price_feed_consumers", columns: CONSUMER_COLUMNS, id: (effect) => (effect as unknown as PriceFeedEffect).consumer });

/** The consumer's address is in the factory's ConsumerDeployed log. */
const deploy = consumers.deployment({
  address(ctx) {
    const logs = parseEventLogs({ abi: artifact("PlatformPriceConsumerFactory").abi, eventName: "ConsumerDeployed", logs: ctx.receipt.logs, strict: true });
    const ours = logs.find((l) => getAddress(l.address) === getAddress(ctx.tx.toAddress!));
    return ours ? getAddress(ours.args.consumer) : { failure: "The factory deployed no consumer." };
  },
});

const setMaxAge: Operation = {
  onConfirmed: async (ctx) => void (await consumers.update(ctx, { max_age_seconds: effectOf(ctx).max_age_seconds })),
};

export const priceFeedOperations = {
  "price_feed.deploy_consumer": deploy,
  "price_feed.set_max_age": setMaxAge,
} satisfies Record<string, Operation>;
