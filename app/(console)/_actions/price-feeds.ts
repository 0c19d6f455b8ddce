"use server";
import "@/lib/composition"; // chain writes need the domains registered with lib/chain
import { revalidatePath } from "next/cache";
import { createConsumer } from "@/lib/oracles/service";
import { perform } from "@/lib/console/actions";

/** A consumer of a listed aggregator, named after its pair, stale after an hour (the API's default). */
export async function deployPriceConsumerAction(network: string, pair: string, aggregator: string) {
  const state = await perform((c) => createConsumer(c.scope, { name: `${pair} price`, network, pair, price_feed_address: aggregator, max_age_seconds: 3600 }));
  if (state.status === "ok") revalidatePath("/price-feeds");
  return state;
}
