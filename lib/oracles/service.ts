// Price feeds (spec document 2, 4.9): a tenant's PlatformPriceConsumer per network and pair, deployed through the
// platform's factory by the acting account (./effects records its address), reading one Chainlink aggregator.
// The {pair} routes find the caller's consumer of the pair; everything a request would make revert, or an
// address that is no aggregator, is answered 400 before anything is recorded.
import { encodeFunctionData, getAddress, type Abi, type Address } from "viem";
import type { z } from "zod";
import { db } from "@/lib/db";
import { conflict, invalidRequest, notFound, notDeployed } from "@/lib/core/errors";
import { artifact } from "@/lib/chain/artifacts";
import { chainTarget, publicClient } from "@/lib/chain/network/clients";
import { listNetworks, networkFor, rpcSource } from "@/lib/chain/network/networks";
import { chainUnavailable, readChain } from "@/lib/chain/network/read";
import { writeOnce } from "@/lib/chain/intake";
import { serializeTransaction } from "@/lib/chain/records/serialize";
import { actingAs, actingFor, senderOfWrite } from "@/lib/connect/settings/wallet-mode";
import type { PriceFeedConsumer } from "@/lib/generated/prisma/client";
import type { CreateConsumerInput, MaxAgeInput } from "@/lib/schemas/price-feeds";
import type { Scope } from "@/lib/core/scope";
import { consumerFactory, localAggregators } from "./base";
import { CONSUMER_COLUMNS, priceFeedConsumerId, serializeConsumer } from "./records";
import type { PriceFeedEffect } from "./effects";

const aggregatorAbi = () => artifact("MockV3Aggregator").abi as Abi;
const consumerAbi = () => artifact("PlatformPriceConsumer").abi as Abi;

type RoundData = readonly [bigint, bigint, bigint, bigint, bigint];

async function blockTime(network: string): Promise<number> {
  try {
    return Number((await publicClient(network).getBlock()).timestamp);
  } catch {
    throw chainUnavailable(network);
  }
}

/** The aggregator's decimals and latest round; 400 when the address answers neither (not an aggregator). */
async function probeAggregator(network: string, address: Address) {
  const notAggregator = () => {
    throw invalidRequest("price_feed_invalid", `${address} on ${network} is not a Chainlink aggregator: it does not answer decimals() and latestRoundData().`, "price_feed_address");
  };
  const code = await publicClient(network).getCode({ address }).catch(() => {
    throw chainUnavailable(network);
  });
  if (!code || code === "0x") notAggregator();
  const [decimals, round] = await Promise.all([
    readChain<number>(network, address, aggregatorAbi(), "decimals", [], { onRevert: notAggregator }),
    readChain<RoundData>(network, address, aggregatorAbi(), "latestRoundData", [], { onRevert: notAggregator }),
  ]);
  return { decimals: Number(decimals), round };
}

const insertSql = `INSERT INTO price_feed_consumers (id, tenant_id, livemode, network, name, pair, price_feed_address, max_age_seconds, status,
    deploy_tx_id, last_tx_id, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'deploying', $9, $9, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
  ON CONFLICT (tenant_id, livemode, network, pair) WHERE status <> 'failed' DO NOTHING
  RETURNING ${CONSUMER_COLUMNS}`;

export async function createConsumer(scope: Scope, input: z.output<typeof CreateConsumerInput>) {
  const network = networkFor(input.network, scope.livemode).name;
  const feed = getAddress(input.price_feed_address);
  const existsError = () =>
    conflict("consumer_exists", `You already have a ${input.pair} consumer on ${network}; change its max_age_seconds with POST /v1/price_feeds/${input.pair}/max_age.`, "pair");
  return writeOnce({
    async check() {
      const live = { tenantId: scope.tenantId, livemode: scope.livemode, network, pair: input.pair, status: { not: "failed" } };
      if (await db.priceFeedConsumer.findFirst({ where: live })) throw existsError(); // a failed deployment may be replaced
      const factory = consumerFactory(network);
      await probeAggregator(network, feed);
      return { factory, acting: await actingFor(scope, network) };
    },
    async record(tx, { factory, acting }) {
      const id = priceFeedConsumerId();
      const { idempotency_key: _, ...request } = input;
      const effect: PriceFeedEffect = { consumer: id };
      const data = encodeFunctionData({
        abi: artifact("PlatformPriceConsumerFactory").abi, functionName: "deploy", args: [feed, input.pair, BigInt(input.max_age_seconds), acting.address],
      });
      const write = await tx.record({ tenantId: scope.tenantId, livemode: scope.livemode, network, kind: "price_feed.deploy_consumer", to: factory, data, request: { ...request, consumer: id }, effect: { ...effect } });
      const { rows } = await tx.client.query(insertSql, [id, scope.tenantId, scope.livemode, network, input.name, input.pair, feed, input.max_age_seconds, write.id]);
      // A concurrent create of the same pair won the unique key: undo this one's chain record with the transaction.
      if (!rows[0]) throw existsError();
      return serializeConsumer(rows[0] as PriceFeedConsumer);
    },
    find: async ([write]) => serializeConsumer(await db.priceFeedConsumer.findFirstOrThrow({ where: { deployTxId: write.id } })),
  });
}

/** Per network available to the key's mode: the caller's consumers, then the listed aggregators (local chain) it has none of. */
export async function listFeeds(scope: Scope, network?: string) {
  const networks = network
    ? [networkFor(network, scope.livemode)]
    : listNetworks().filter((n) => n.testnet !== scope.livemode && rpcSource(n) !== null);
  const consumers = await db.priceFeedConsumer.findMany({
    where: { tenantId: scope.tenantId, livemode: scope.livemode, network: { in: networks.map((n) => n.name) } },
    orderBy: { id: "desc" },
  });
  const listed = (name: string) => (chainTarget(name).isLocal ? localAggregators() : []);
  const mine = consumers.map((c) => {
    const feed = listed(c.network).find((f) => f.address === c.priceFeedAddress);
    return {
      object: "price_feed" as const, network: c.network, pair: c.pair, price_feed_address: c.priceFeedAddress, description: feed?.description ?? null,
      decimals: feed?.decimals ?? null, listed: !!feed, consumer: serializeConsumer(c),
    };
  });
  const others = networks.flatMap((n) =>
    listed(n.name)
      .filter((f) => !consumers.some((c) => c.network === n.name && c.pair === f.pair))
      .map((f) => ({
        object: "price_feed" as const, network: n.name, pair: f.pair, price_feed_address: f.address, description: f.description, decimals: f.decimals, listed: true,
        consumer: null,
      })),
  );
  return { object: "list" as const, data: [...mine, ...others] };
}

type Deployed = PriceFeedConsumer & { address: Address; priceFeedAddress: Address };

/** The caller's consumer of `pair` (on `network` when given); 404 when there is none, 400 when it is not deployed. */
async function findConsumer(scope: Scope, pair: string, network?: string): Promise<Deployed> {
  const where = { tenantId: scope.tenantId, livemode: scope.livemode, pair, ...(network ? { network: networkFor(network, scope.livemode).name } : {}) };
  // A failed deployment counts only while nothing has replaced it (it says why there is no contract).
  let rows = await db.priceFeedConsumer.findMany({ where: { ...where, status: { not: "failed" } }, take: 2 });
  if (!rows.length) rows = await db.priceFeedConsumer.findMany({ where, orderBy: { id: "desc" }, take: 1 });
  if (!rows.length) throw notFound("price feed", network ? `${pair} on ${network}` : pair);
  if (rows.length > 1) {
    throw invalidRequest("network_required", `You have ${pair} consumers on several networks (${rows.map((r) => r.network).join(", ")}…): name one with ?network=.`, "network");
  }
  const row = rows[0];
  if (!row.address) throw notDeployed("consumer_not_deployed", `${pair} consumer`, row, { ready: "'active'", param: "pair" });
  return row as Deployed;
}

/** answer / 10^decimals as a decimal string without trailing zeros. */
function scaled(answer: bigint, decimals: number): string {
  const negative = answer < 0n;
  const digits = (negative ? -answer : answer).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

export async function currentPrice(scope: Scope, pair: string, network?: string) {
  const row = await findConsumer(scope, pair, network);
  const [decimals, round, maxAge, now] = await Promise.all([
    readChain<number>(row.network, row.priceFeedAddress, aggregatorAbi(), "decimals"),
    readChain<RoundData>(row.network, row.priceFeedAddress, aggregatorAbi(), "latestRoundData"),
    readChain<bigint>(row.network, row.address, consumerAbi(), "maxAgeSeconds"),
    blockTime(row.network),
  ]);
  const [roundId, answer, , updatedAt] = round;
  const age = Math.max(0, now - Number(updatedAt));
  return {
    object: "price" as const,
    consumer: row.id,
    network: row.network,
    pair: row.pair,
    answer: answer.toString(),
    price: scaled(answer, Number(decimals)),
    decimals: Number(decimals),
    round_id: roundId.toString(),
    updated_at: Number(updatedAt),
    age_seconds: age,
    max_age_seconds: Number(maxAge),
    // Never fresh without a positive answer from a round that has a time.
    stale: answer <= 0n || updatedAt === 0n || age > Number(maxAge),
  };
}

export async function consumerConfig(scope: Scope, pair: string, network?: string) {
  const row = await findConsumer(scope, pair, network);
  const read = <T>(fn: string, at: Address = row.address, abi = consumerAbi()) => readChain<T>(row.network, at, abi, fn);
  const [onChainPair, feed, maxAge, owner, decimals, description, version] = await Promise.all([
    read<string>("pair"), read<Address>("priceFeed"), read<bigint>("maxAgeSeconds"), read<Address>("owner"),
    read<number>("decimals", row.priceFeedAddress, aggregatorAbi()), read<string>("description", row.priceFeedAddress, aggregatorAbi()),
    read<bigint>("version", row.priceFeedAddress, aggregatorAbi()),
  ]);
  return {
    object: "price_feed_config" as const,
    consumer: row.id,
    network: row.network,
    address: row.address,
    pair: onChainPair,
    price_feed_address: getAddress(feed),
    max_age_seconds: Number(maxAge),
    owner: getAddress(owner),
    decimals: Number(decimals),
    description,
    version: version.toString(),
  };
}

export async function rounds(scope: Scope, pair: string, count: number, network?: string) {
  const row = await findConsumer(scope, pair, network);
  const feedRead = <T>(fn: string, args: readonly unknown[] = [], onRevert?: () => T) =>
    readChain<T>(row.network, row.priceFeedAddress, aggregatorAbi(), fn, args, { onRevert });
  const [decimals, latest] = await Promise.all([feedRead<number>("decimals"), feedRead<RoundData>("latestRoundData")]);
  // A round id is phase << 64 | the aggregator's round: walk back within the current phase.
  const first = latest[0] & ((1n << 64n) - 1n);
  const ids = Array.from({ length: Math.min(count, Number(first < 100n ? first : 100n)) }, (_, i) => latest[0] - BigInt(i));
  const found = await Promise.all(ids.map((id) => feedRead<RoundData | null>("getRoundData", [id], () => null)));
  const data = [];
  for (const r of found) {
    if (!r || r[3] === 0n) break; // no such round (the mock answers zeros, real aggregators revert)
    data.push({ round_id: r[0].toString(), answer: r[1].toString(), started_at: Number(r[2]), updated_at: Number(r[3]), answered_in_round: r[4].toString() });
  }
  return { object: "list" as const, consumer: row.id, pair: row.pair, decimals: Number(decimals), data };
}

export function setMaxAge(scope: Scope, pair: string, input: z.output<typeof MaxAgeInput>, network?: string) {
  return writeOnce({
    async check() {
      const row = await findConsumer(scope, pair, network);
      // Owned by the account that deployed it (the factory's owner argument): the current acting account must be it.
      await actingAs(scope, row.network, await senderOfWrite(row.deployTxId), `The ${pair} consumer '${row.id}'`, "pair");
      const [owner, acting] = await Promise.all([readChain<Address>(row.network, row.address, consumerAbi(), "owner"), actingFor(scope, row.network)]);
      if (getAddress(owner) !== acting.address) {
        throw invalidRequest("consumer_not_controlled", `The ${pair} consumer is owned by ${getAddress(owner)}; the platform signs only for ${acting.address}.`, "pair");
      }
      return row;
    },
    async record(tx, row) {
      const data = encodeFunctionData({ abi: consumerAbi(), functionName: "setMaxAge", args: [BigInt(input.max_age_seconds)] });
      const { idempotency_key: _, ...request } = input;
      const effect: PriceFeedEffect = { consumer: row.id, max_age_seconds: input.max_age_seconds };
      const write = await tx.record({
        tenantId: scope.tenantId, livemode: scope.livemode, network: row.network, kind: "price_feed.set_max_age", to: row.address, data, request: { ...request, consumer: row.id, pair }, effect: { ...effect },
      });
      await tx.client.query("UPDATE price_feed_consumers SET last_tx_id = $2, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1", [row.id, write.id]);
      return serializeTransaction(write);
    },
    find: async ([write]) => serializeTransaction(write),
  });
}
