// Price feeds (spec document 2, 4.9): a tenant's PlatformPriceConsumer per network and pair, reading one Chainlink
// aggregator (AggregatorV3Interface). The spec leaves records and most fields open; these are ours.
import { z } from "zod";
import { Address, singleLine, writeBody, apiObject, Recorded } from "./common";

/** Base and quote symbols joined by "-", "_" or "/" (ETH-USD, eth_usd, ETH/USD); stored and shown as ETH-USD. */
const PAIR_RE = /^([A-Za-z0-9]{1,16})[-_/]([A-Za-z0-9]{1,16})$/;
export const normalizePair = (pair: string) => pair.replace(PAIR_RE, "$1-$2").toUpperCase();
export const Pair = z
  .string()
  .regex(PAIR_RE, "must be two symbols joined by '-' (ETH-USD); '_' and '/' are accepted")
  .transform(normalizePair)
  .meta({ description: "The pair, base and quote symbols joined by a dash (case-insensitive; `_` and, in bodies, `/` also accepted).", example: "ETH-USD" });

/** A year: long enough for any heartbeat, short enough that the threshold still means something. */
const MaxAge = z.number().int().min(1).max(31_536_000);
const Network = z.string().min(1).max(64);

export const PairParam = z.strictObject({ pair: Pair });
export const PairQuery = z.strictObject({
  network: Network.optional().meta({
    description: "Which of your consumers of the pair: needed only when you have one on several networks (else 400 `network_required`).",
    example: "polygon_amoy",
  }),
});

export const CreateConsumerInput = writeBody({
  name: singleLine(z.string().min(1).max(100)).meta({ example: "ETH price for settlement" }),
  network: Network.meta({ example: "polygon_amoy" }),
  price_feed_address: Address.meta({
    description: "The Chainlink aggregator (AggregatorV3Interface) on `network`; it must answer latestRoundData and decimals. On the local chain use one of GET /v1/price_feeds.",
  }),
  pair: Pair,
  max_age_seconds: MaxAge.default(3600).meta({ description: "Seconds after which a round is stale, 1 to 31536000 (default 3600, the ETH/USD heartbeat)." }),
}).meta({ id: "CreatePriceFeedConsumerInput", description: "Deploys a consumer through the platform's factory, owned by your acting account. One consumer per network and pair (else 409 `consumer_exists`; a failed one may be replaced)." });

export const MaxAgeInput = writeBody({
  max_age_seconds: MaxAge.meta({ description: "The new stale-price threshold in seconds, 1 to 31536000." }),
}).meta({ id: "PriceFeedMaxAgeInput", description: "setMaxAge on the consumer; the config shows it once the transaction confirms." });

export const PriceFeedConsumer = apiObject("price_feed_consumer", {
  id: z.string().meta({ example: "pfc_01jd…" }),
  name: z.string(),
  network: z.string(),
  pair: z.string(),
  price_feed_address: z.string(),
  max_age_seconds: z.number().int().meta({ description: "The threshold the chain last confirmed." }),
  address: z.string().nullable().meta({ description: "The consumer contract, once deployed." }),
  status: z.enum(["deploying", "active", "failed"]),
  deploy_transaction: z.string(),
  transaction: z.string().meta({ description: "The last transaction that changed (or is changing) this consumer." }),
  failure_reason: z.string().nullable(),
  ...Recorded,
}).meta({ id: "PriceFeedConsumer" });

export const PriceFeed = apiObject("price_feed", {
  network: z.string(),
  pair: z.string(),
  price_feed_address: z.string().meta({ description: "The aggregator (pass it as price_feed_address to deploy a consumer)." }),
  description: z.string().nullable().meta({ description: "For listed feeds: the aggregator's pair description." }),
  decimals: z.number().int().nullable().meta({ description: "For listed feeds: the aggregator's decimals." }),
  listed: z.boolean().meta({ description: "Whether the platform lists this aggregator on the network (on the local chain: its MockV3Aggregators)." }),
  consumer: PriceFeedConsumer.nullable().meta({ description: "Your consumer of this pair on this network; the {pair} endpoints read it. Null: deploy one first." }),
}).meta({ id: "PriceFeed" });

export const PriceFeedList = z
  .object({ object: z.literal("list"), data: z.array(PriceFeed) })
  .meta({
    id: "PriceFeedList",
    description: "One entry per network and pair, on the networks available to this key's mode: your consumers first (newest first), then the listed feeds you have no consumer of.",
  });

export const ListFeedsQuery = z.strictObject({ network: Network.optional() });

export const Price = apiObject("price", {
  consumer: z.string(),
  network: z.string(),
  pair: z.string(),
  answer: z.string().meta({ description: "The aggregator's integer answer (int256, decimal string); the price is answer / 10^decimals." }),
  price: z.string().meta({ description: "answer scaled by decimals, as a decimal string.", example: "3000.12" }),
  decimals: z.number().int(),
  round_id: z.string(),
  updated_at: z.number().int().meta({ description: "Unix seconds of the round." }),
  age_seconds: z.number().int().meta({ description: "Chain time of the latest block minus updated_at." }),
  max_age_seconds: z.number().int(),
  stale: z.boolean().meta({ description: "True when age_seconds exceeds max_age_seconds, or the round has no positive answer: do not use the price as current." }),
}).meta({ id: "PriceFeedPrice" });

export const ConsumerConfig = apiObject("price_feed_config", {
  consumer: z.string(),
  network: z.string(),
  address: z.string(),
  pair: z.string().meta({ description: "pair() of the consumer." }),
  price_feed_address: z.string().meta({ description: "priceFeed() of the consumer." }),
  max_age_seconds: z.number().int().meta({ description: "maxAgeSeconds() of the consumer." }),
  owner: z.string(),
  decimals: z.number().int(),
  description: z.string().meta({ description: "description() of the aggregator." }),
  version: z.string().meta({ description: "version() of the aggregator." }),
}).meta({ id: "PriceFeedConfig" });

export const RoundsQuery = z.strictObject({
  ...PairQuery.shape,
  count: z.coerce.number().int().min(1).max(100).default(10).meta({ description: "How many rounds back from the latest, 1 to 100 (default 10)." }),
});

export const Round = z.object({
  round_id: z.string(),
  answer: z.string(),
  started_at: z.number().int(),
  updated_at: z.number().int(),
  answered_in_round: z.string(),
});

export const RoundList = apiObject("list", {
  consumer: z.string(),
  pair: z.string(),
  decimals: z.number().int(),
  data: z.array(Round).meta({ description: "Newest first; fewer than `count` when the aggregator has fewer rounds." }),
}).meta({ id: "PriceFeedRounds" });

