// Which contract logs the platform follows: an area registers interest in one event of one contract on one
// chain, and lib/chain/watcher turns the matching logs into `chain/log` Inngest events. Subscriptions are
// kept per chainKey (the RPC really used), so networks served by the local chain share one watcher.
import { getAddress, isAddress, parseAbiItem, toEventSelector, type AbiEvent, type Address, type Hex } from "viem";
import { inngest } from "@/inngest/client";
import { db, type Prisma } from "@/lib/db";
import { newId } from "@/lib/jobs/ids";
import { chainTarget, publicClient, type ChainTarget } from "./clients";
import { configuredRpcUrl, findNetwork, listNetworks } from "./networks";

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
}

export interface LogSubscription {
  id: string;
  chainKey: string;
  address: Address;
  topic0: Hex;
  abiEvent: AbiEvent;
  fromBlock: bigint;
  scannedTo: bigint;
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
  const existing = await db.chainLogSubscription.findFirst({
    where: { chainKey, address: getAddress(input.address), topic0: toEventSelector(abiEventOf(input.event)), active: true },
  });
  return existing ? toSubscription(existing) : watchLogs({ ...input, chainKey });
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
    fromBlock: row.fromBlock,
    scannedTo: row.scannedTo,
  };
}
