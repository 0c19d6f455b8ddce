// Which contract logs the platform follows: an area registers interest in one event of one contract on one
// chain, and lib/chain/watch/watcher turns the matching logs into `chain/log` Inngest events. Subscriptions are
// kept per chainKey (the RPC really used), so networks served by the local chain share one watcher.
import { getAddress, isAddress, parseAbiItem, toEventSelector, type AbiEvent, type Address, type Hex } from "viem";
import { inngest } from "@/lib/jobs/client";
import { db, type Prisma } from "@/lib/db";
import { newId } from "@/lib/jobs/ids";
import { chainTarget, publicClient, type ChainTarget } from "@/lib/chain/network/clients";
import { configuredRpcUrl, findNetwork, listNetworks } from "@/lib/chain/network/networks";

/** Asks for a run of watch-chain-logs for `data.chain_key` (inngest/functions/watch-chain-logs.ts). */
export const CHAIN_WATCH_REQUESTED = "chain/watch.requested";

export interface WatchLogsInput {
  /** The chain to follow, as chainTarget(network).chainKey; or give `network`. */
  chainKey?: string;
  network?: string;
  address: string;
  /** An ABI event item, or its human-readable form ("event Transfer(address indexed from, …)"). */
  event: AbiEvent | string;
  /** First block to scan; defaults to the chain's head at registration. */
  fromBlock?: bigint;
  /**
   * Filters on topics 1–3, the event's indexed arguments in order, as eth_getLogs takes them: null for any
   * value, a 32-byte topic or a list of them (one matches). E.g. Transfers to a deposit address:
   * `[null, pad(depositAddress)]`. The RPC filters, so a busy contract's other logs never reach us.
   */
  topics?: TopicFilter;
}

export type TopicFilter = (Hex | Hex[] | null)[];

export interface LogSubscription {
  id: string;
  chainKey: string;
  address: Address;
  topic0: Hex;
  abiEvent: AbiEvent;
  /** Topics 1–3 filters; empty for none. */
  topics: TopicFilter;
  fromBlock: bigint;
  scannedTo: bigint;
}

/** One spelling per filter (lowercase, no trailing nulls), so equal filters share a subscription and an eth_getLogs. */
function canonicalTopics(topics: TopicFilter = []): string {
  const lowered = topics.slice(0, 3).map((t) => {
    if (t === null) return null;
    const values = [...new Set((Array.isArray(t) ? t : [t]).map((x) => x.toLowerCase()))].sort();
    return values.length === 1 ? values[0] : values;
  });
  while (lowered.length && lowered[lowered.length - 1] === null) lowered.pop();
  return lowered.length ? JSON.stringify(lowered) : "";
}

export class ChainNotServed extends Error {
  constructor(chainKey: string) {
    super(`chain '${chainKey}' is not served by this deployment (no network uses that RPC)`);
  }
}

/** The RPC behind a chain key here: "local" is a test network the local chain serves, else the network itself. */
export function targetForChainKey(chainKey: string): ChainTarget {
  const network = chainKey === "local" ? listNetworks().find((n) => n.testnet && !configuredRpcUrl(n)) : findNetwork(chainKey);
  let target: ChainTarget | undefined;
  try {
    target = network && chainTarget(network.name);
  } catch {
    // no RPC for it here (e.g. the local chain is not running)
  }
  if (!target || target.chainKey !== chainKey) throw new ChainNotServed(chainKey);
  return target;
}

function abiEventOf(event: AbiEvent | string): AbiEvent {
  const item = typeof event === "string" ? parseAbiItem(event.trim().startsWith("event ") ? event : `event ${event}`) : event;
  if (item.type !== "event") throw new Error(`not an ABI event: ${typeof event === "string" ? event : JSON.stringify(event)}`);
  // Anonymous events have no topic0 to filter on.
  if (item.anonymous) throw new Error(`anonymous events cannot be watched: ${item.name}`);
  return item;
}

/** Registers interest in `event` logs of `address`; the watcher is asked to run at once. */
export async function watchLogs(input: WatchLogsInput): Promise<LogSubscription> {
  const chainKey = input.chainKey ?? (input.network ? chainTarget(input.network).chainKey : undefined);
  if (!chainKey) throw new Error("watchLogs needs a chainKey or a network");
  if (!isAddress(input.address)) throw new Error(`not an address: ${input.address}`);
  const abiEvent = abiEventOf(input.event);
  const target = targetForChainKey(chainKey);
  const fromBlock = input.fromBlock ?? (await publicClient(target.network.name).getBlockNumber({ cacheTime: 0 }));
  const row = await db.chainLogSubscription.create({
    data: {
      id: newId("lsub"),
      chainKey,
      address: getAddress(input.address),
      topic0: toEventSelector(abiEvent),
      topicFilter: canonicalTopics(input.topics),
      abiEvent: abiEvent as unknown as Prisma.InputJsonObject,
      fromBlock,
      scannedTo: fromBlock - 1n,
    },
  });
  await requestWatch(chainKey);
  return toSubscription(row);
}

/**
 * The active subscription to `event` logs of `address` on the chain, made if there is none: one serves every
 * record that waits for those logs (an EntryPoint, a coordinator, a governor shared by many requests).
 */
export async function watchLogsOnce(input: WatchLogsInput): Promise<LogSubscription> {
  const chainKey = input.chainKey ?? (input.network ? chainTarget(input.network).chainKey : undefined);
  if (!chainKey || !isAddress(input.address)) return watchLogs(input); // it says what is wrong
  // Marks it wanted now: an unwatchLogsIfIdle that began before leaves it active (see there).
  const [existing] = await db.$queryRaw<{ id: string }[]>`
    UPDATE chain_log_subscriptions SET wanted_at = clock_timestamp()
    WHERE id = (SELECT id FROM chain_log_subscriptions
                WHERE chain_key = ${chainKey} AND address = ${getAddress(input.address)} AND topic0 = ${toEventSelector(abiEventOf(input.event))}
                  AND topic_filter = ${canonicalTopics(input.topics)} AND active LIMIT 1)
      AND active
    RETURNING id`;
  if (!existing) return watchLogs({ ...input, chainKey });
  return toSubscription(await db.chainLogSubscription.findUniqueOrThrow({ where: { id: existing.id } }));
}

/**
 * Makes `topics` the one filter of the active subscription to `event` logs of `address` (null: none active), in the
 * caller's transaction. A changed filter is a new subscription starting where the earliest active one stopped, or
 * at `fromBlock` if earlier (where a value the filter adds can first appear), so no block is skipped for any value;
 * a range scanned twice sends the same event ids, dropped as repeats. True if it changed anything.
 */
export async function setLogFilter(tx: Prisma.TransactionClient, input: WatchLogsInput & { chainKey: string }, topics: TopicFilter | null): Promise<boolean> {
  const abiEvent = abiEventOf(input.event);
  const where = { chainKey: input.chainKey, address: getAddress(input.address), topic0: toEventSelector(abiEvent), active: true };
  const active = await tx.chainLogSubscription.findMany({ where });
  const wanted = topics && canonicalTopics(topics);
  if (wanted !== null && active.length === 1 && active[0].topicFilter === wanted) return false;
  if (wanted === null && !active.length) return false;
  await tx.chainLogSubscription.updateMany({ where: { id: { in: active.map((s) => s.id) } }, data: { active: false } });
  if (wanted === null) return true;
  const starts = [...active.map((s) => s.scannedTo + 1n), ...(input.fromBlock === undefined ? [] : [input.fromBlock])];
  const fromBlock = starts.length
    ? starts.reduce((a, b) => (a < b ? a : b))
    : await publicClient(targetForChainKey(input.chainKey).network.name).getBlockNumber({ cacheTime: 0 });
  await tx.chainLogSubscription.create({
    data: { id: newId("lsub"), ...where, topicFilter: wanted, abiEvent: abiEvent as unknown as Prisma.InputJsonObject, fromBlock, scannedTo: fromBlock - 1n },
  });
  return true;
}

/** The active subscription to exactly these logs, if any (nothing is marked or made). */
export async function activeWatch(input: WatchLogsInput & { chainKey: string }): Promise<LogSubscription | null> {
  if (!isAddress(input.address)) return null;
  const row = await db.chainLogSubscription.findFirst({
    where: { chainKey: input.chainKey, address: getAddress(input.address), topic0: toEventSelector(abiEventOf(input.event)), topicFilter: canonicalTopics(input.topics), active: true },
  });
  return row && toSubscription(row);
}

/**
 * Deactivates the subscription unless `stillWaiting()` says something waits for its logs, or it was asked
 * for (watchLogsOnce) since this call began. A waiter records itself, then calls watchLogsOnce: either the
 * check sees the waiter, or the mark is newer than the call's start and the subscription stays; if it was
 * deactivated first, watchLogsOnce makes a new one. Both clocks are the database's.
 */
export async function unwatchLogsIfIdle(id: string, stillWaiting: () => Promise<boolean>): Promise<boolean> {
  const [{ began }] = await db.$queryRaw<{ began: Date }[]>`SELECT clock_timestamp() AS began`;
  if (await stillWaiting()) return false;
  const { count } = await db.chainLogSubscription.updateMany({ where: { id, active: true, wantedAt: { lt: began } }, data: { active: false } });
  return count > 0;
}

/** Stops following a subscription; false if it was not active. */
export async function unwatchLogs(id: string): Promise<boolean> {
  const { count } = await db.chainLogSubscription.updateMany({ where: { id, active: true }, data: { active: false } });
  return count > 0;
}

/**
 * Starts a watcher run for the chain unless one was already requested this minute: the event id makes
 * repeats within the minute one event, and a running watcher picks new subscriptions up at its next poll.
 */
export async function requestWatch(chainKey: string): Promise<void> {
  await inngest.send(watchRequest(chainKey));
}

export function watchRequest(chainKey: string, now = new Date()) {
  const minute = now.toISOString().slice(0, 16);
  return { name: CHAIN_WATCH_REQUESTED, id: `watch:${chainKey}:${minute}`, data: { chain_key: chainKey } };
}

/** The chains with active subscriptions that this deployment can reach. */
export async function watchedChainKeys(): Promise<string[]> {
  const rows = await db.chainLogSubscription.findMany({ where: { active: true }, distinct: ["chainKey"], select: { chainKey: true } });
  return rows.map((r) => r.chainKey).filter((chainKey) => {
    try {
      return Boolean(targetForChainKey(chainKey));
    } catch {
      return false;
    }
  });
}

/** Active subscriptions of the chain not yet scanned through `block`, least advanced first. */
export async function subscriptionsBehind(chainKey: string, block: bigint): Promise<LogSubscription[]> {
  const rows = await db.chainLogSubscription.findMany({
    where: { chainKey, active: true, scannedTo: { lt: block } },
    orderBy: [{ scannedTo: "asc" }, { createdAt: "asc" }],
  });
  return rows.map(toSubscription);
}

function toSubscription(row: Prisma.ChainLogSubscriptionGetPayload<object>): LogSubscription {
  return {
    id: row.id,
    chainKey: row.chainKey,
    address: row.address as Address,
    topic0: row.topic0 as Hex,
    abiEvent: row.abiEvent as unknown as AbiEvent,
    topics: row.topicFilter ? (JSON.parse(row.topicFilter) as TopicFilter) : [],
    fromBlock: row.fromBlock,
    scannedTo: row.scannedTo,
  };
}
