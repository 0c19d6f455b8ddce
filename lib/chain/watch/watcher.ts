// The log watcher: per chain, scans confirmed blocks for the logs of active subscriptions
// (./log-subscriptions) and sends one `chain/log` Inngest event per log. Durable functions wait for those
// events (step.waitForEvent) instead of polling contracts; watch-chain-logs drives this every minute.
//
// Delivery is at least once, effectively once: events are sent before progress is stored, and each event
// id names its log (chain, block hash, log index), so a log sent again after a crash or by a concurrent poll
// is dropped as a repeat — by Inngest Cloud within its 24 h idempotency window, and by the local executor
// always (job_events.idempotency_key is unique; see lib/jobs/intake.ts insertEvents).
//
// Reorgs: each range's last block has its hash read before the range is scanned, and kept per block
// (chain_log_blocks, the newest KEPT_BLOCKS). When the cursor's block is gone or has another hash, the watcher
// walks back through the kept blocks to the newest one still on the chain and rescans every subscription from
// there (from its own first block if none is); logs of the new branch have new block hashes, hence new events.
// Events already sent from the abandoned branch are withdrawn: every delivered log is kept while its block is
// within the chain's finality window (chain_log_deliveries), and one whose block is no longer the chain's is sent
// again as `chain/log.removed` (the JSON-RPC `removed: true` of a log) before the rescan, to the functions that
// consumed it, which undo what it did. A consumer may see the new branch's log before the removal: each undoes
// only what the removed log's block gave (it matches the block hash), so either order ends the same.
import { decodeEventLog, getAddress, numberToHex, type Hex, type PublicClient, type RpcLog } from "viem";
import type { Inngest } from "inngest";
import { inngest as appClient } from "@/lib/jobs/client";
import { db, type Prisma } from "@/lib/db";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { publicClient } from "@/lib/chain/network/clients";
import { confirmationsFor, finalityBlocksFor } from "@/lib/chain/network/confirmations";
import { logSpan, logSpanWorked, shrinkLogSpan } from "@/lib/chain/watch/ranges";
import { subscriptionsBehind, targetForChainKey, type LogSubscription } from "@/lib/chain/watch/subscriptions";

export const CHAIN_LOG = "chain/log";
/** A delivered log whose block a reorganisation orphaned: the same data with `removed: true`. */
export const CHAIN_LOG_REMOVED = "chain/log.removed";

/** Ranges per poll, so a long backfill does not hold one poll for ever; the next poll continues. */
const MAX_RANGES_PER_POLL = 100;
const EVENTS_PER_SEND = 100;
/** Cursor blocks kept per chain to walk back through on a reorg. */
const KEPT_BLOCKS = 128;

/**
 * The data of a `chain/log` event. A function waits for one with e.g.
 * `step.waitForEvent("paid", { event: "chain/log", timeout, if: "async.data.address == '<checksummed>' && async.data.event == 'Transfer'" })`.
 */
export interface ChainLogEventData {
  chain_key: string;
  /** Checksummed (EIP-55). */
  address: string;
  /** The ABI event's name. */
  event: string;
  topic0: string;
  /** Decoded arguments by name (by position if unnamed); integers as decimal strings. */
  args: unknown;
  block_number: number;
  block_hash: string;
  transaction_hash: string;
  log_index: number;
  /** Set on a `chain/log.removed` event: the log's block is no longer the chain's; undo what it did. */
  removed?: true;
}

export interface PollResult {
  head: bigint;
  /** The newest block with enough confirmations. */
  safe: bigint;
  /** Events sent by this poll (repeats included: the receiver drops those). */
  sent: number;
  /** Active subscriptions of the chain; 0 means there is nothing to follow. */
  subscriptions: number;
}

interface PollOptions {
  /** The Inngest client to send with (tests may pass their own). */
  inngest?: Inngest.Any;
}

/** One pass over the chain: from each subscription's progress up to the newest confirmed block. */
export async function pollChainLogs(chainKey: string, { inngest = appClient }: PollOptions = {}): Promise<PollResult> {
  const client = publicClient(targetForChainKey(chainKey).network.name);
  const confirmations = BigInt(confirmationsFor(chainKey));
  const [head, stored] = await Promise.all([
    client.getBlockNumber({ cacheTime: 0 }),
    db.chainLogCursor.findUnique({ where: { chainKey } }),
  ]);
  const cursor = stored && (await rewoundAfterReorg(client, chainKey, stored, head, inngest)) ? null : stored;
  const safe = head - (confirmations - 1n);

  let sent = 0;
  let behind = await subscriptionsBehind(chainKey, safe);
  for (let ranges = 0; behind.length && ranges < MAX_RANGES_PER_POLL; ranges++) {
    const from = behind[0].scannedTo + 1n;
    let logs: RpcLog[];
    let to: bigint;
    let toHash: Hex;
    // Bounded ranges, outside any database transaction; the span halves while the RPC refuses one (size or
    // result limits) and the working span is remembered per chain (./log-ranges).
    for (;;) {
      const span = logSpan(chainKey);
      to = min(from + span - 1n, safe);
      try {
        // The hash before the scan: if the chain reorganises during it, the next poll sees the change.
        toHash = (await client.getBlock({ blockNumber: to })).hash;
        logs = await fetchLogs(client, behind.filter((s) => s.scannedTo < to), from, to);
        logSpanWorked(chainKey, span);
        break;
      } catch (error) {
        if (!shrinkLogSpan(chainKey, span, error)) throw error;
      }
    }
    const scanned = behind.filter((s) => s.scannedTo < to);
    const events = logs.flatMap((log) => {
      const event = toEvent(chainKey, log, scanned);
      return event ? [event] : [];
    });
    await keepDeliveries(chainKey, events.map((e) => e.data), safe);
    for (let i = 0; i < events.length; i += EVENTS_PER_SEND) await inngest.send(events.slice(i, i + EVENTS_PER_SEND));
    sent += events.length;
    // Only after the send: a crash before this line repeats the range, and the event ids drop the repeats.
    await db.chainLogSubscription.updateMany({ where: { id: { in: scanned.map((s) => s.id) }, scannedTo: { lt: to } }, data: { scannedTo: to } });
    await keepBlock(chainKey, to, toHash);
    behind = await subscriptionsBehind(chainKey, safe);
  }

  const subscriptions = await db.chainLogSubscription.count({ where: { chainKey, active: true } });
  // The cursor is the block every subscription has been scanned through (behind a backfill, the laggard's).
  const through = behind.length ? behind[0].scannedTo : safe;
  if (through >= 0n && (!cursor || through !== cursor.lastBlock)) await saveCursor(client, chainKey, through);
  return { head, safe, sent, subscriptions };
}

/**
 * Polls at the chain client's polling interval for up to `forMs`, until the chain has no subscriptions, or until
 * `stopping()` (its instance shuts down: the next run resumes from the stored progress at once).
 */
export async function followChainLogs(chainKey: string, { forMs, stopping = () => false, ...options }: PollOptions & { forMs: number; stopping?: () => boolean }) {
  const deadline = Date.now() + forMs;
  const interval = publicClient(targetForChainKey(chainKey).network.name).pollingInterval;
  let polls = 0;
  let sent = 0;
  for (;;) {
    let result: PollResult | undefined;
    try {
      result = await pollChainLogs(chainKey, options);
    } catch (error) {
      // The database restarting or overloaded: poll again once it is back, within this run (progress is
      // stored only after a range's events are sent, so nothing is skipped). Anything else ends the run.
      if (!isDatabaseUnavailable(error) || Date.now() + interval >= deadline) throw error;
    }
    polls++;
    sent += result?.sent ?? 0;
    if ((result && !result.subscriptions) || Date.now() + interval >= deadline || stopping()) return { chain_key: chainKey, polls, sent };
    await new Promise((resolve) => setTimeout(resolve, Math.max(interval, result ? 0 : 1_000)));
  }
}

/**
 * If the cursor's block is no longer on the chain: walks back through the kept blocks to the newest one still
 * on it, moves every subscription back to it (to its own start if none is), drops the cursor, true.
 */
async function rewoundAfterReorg(
  client: PublicClient, chainKey: string, cursor: { lastBlock: bigint; lastBlockHash: string }, head: bigint, inngest: Inngest.Any,
): Promise<boolean> {
  if (await onChain(client, cursor.lastBlock, cursor.lastBlockHash, head)) return false;
  const kept = await db.chainLogBlock.findMany({ where: { chainKey, blockNumber: { lt: cursor.lastBlock } }, orderBy: { blockNumber: "desc" } });
  let common: bigint | undefined;
  for (const block of kept) {
    if (await onChain(client, block.blockNumber, block.blockHash, head)) {
      common = block.blockNumber;
      break;
    }
  }
  warn(
    `chain ${chainKey}: block ${cursor.lastBlock} is no longer ${cursor.lastBlockHash}; ` +
      (common === undefined ? "no kept block is on the chain: rescanning every subscription from its start" : `rescanning from block ${common + 1n}`),
  );
  const removed = await sendRemovals(client, chainKey, common ?? -1n, head, inngest);
  await db.$transaction([
    db.chainLogDelivery.deleteMany({ where: { OR: removed.map((d) => ({ chainKey, blockHash: d.block_hash, logIndex: d.log_index })) } }),
    common === undefined
      ? db.$executeRaw`UPDATE chain_log_subscriptions SET scanned_to = from_block - 1 WHERE chain_key = ${chainKey} AND scanned_to >= from_block`
      : db.chainLogSubscription.updateMany({ where: { chainKey, scannedTo: { gt: common } }, data: { scannedTo: common } }),
    db.chainLogBlock.deleteMany({ where: { chainKey, ...(common === undefined ? {} : { blockNumber: { gt: common } }) } }),
    db.chainLogCursor.deleteMany({ where: { chainKey, lastBlock: cursor.lastBlock } }),
  ]);
  return true;
}

/**
 * Sends `chain/log.removed` for each kept delivery above `common` whose block is no longer the chain's, newest
 * first; returns them. The event ids name the logs, so a removal sent again (a crash before the rewind is stored)
 * is dropped as a repeat.
 */
async function sendRemovals(client: PublicClient, chainKey: string, common: bigint, head: bigint, inngest: Inngest.Any): Promise<ChainLogEventData[]> {
  const kept = await db.chainLogDelivery.findMany({ where: { chainKey, blockNumber: { gt: common } }, orderBy: [{ blockNumber: "desc" }, { logIndex: "desc" }] });
  const hashes = new Map<bigint, Promise<string | null>>();
  const hashAt = (n: bigint) => {
    if (!hashes.has(n)) hashes.set(n, n > head ? Promise.resolve(null) : client.getBlock({ blockNumber: n }).then((b) => b.hash, () => null));
    return hashes.get(n)!;
  };
  const removed: ChainLogEventData[] = [];
  for (const delivery of kept) if ((await hashAt(delivery.blockNumber)) !== delivery.blockHash) removed.push(delivery.data as unknown as ChainLogEventData);
  const events = removed.map((data) => ({ name: CHAIN_LOG_REMOVED, id: `log-removed:${chainKey}:${data.block_hash}:${data.log_index}`, data: { ...data, removed: true as const } }));
  for (let i = 0; i < events.length; i += EVENTS_PER_SEND) await inngest.send(events.slice(i, i + EVENTS_PER_SEND));
  if (events.length) warn(`chain ${chainKey}: ${events.length} delivered log(s) orphaned: sent as ${CHAIN_LOG_REMOVED}`);
  return removed;
}

/**
 * Keeps what a range delivers, before it is sent (a removal of a log never sent is a no-op for its consumer), and
 * forgets deliveries deeper than the finality window. None on a chain without one (the local chain).
 */
async function keepDeliveries(chainKey: string, delivered: ChainLogEventData[], safe: bigint) {
  const finality = BigInt(finalityBlocksFor(chainKey));
  if (finality <= 0n) return;
  if (delivered.length) {
    await db.chainLogDelivery.createMany({
      data: delivered.map((d) => ({ chainKey, blockHash: d.block_hash, logIndex: d.log_index, blockNumber: BigInt(d.block_number), data: d as unknown as Prisma.InputJsonObject })),
      skipDuplicates: true,
    });
  }
  await db.chainLogDelivery.deleteMany({ where: { chainKey, blockNumber: { lte: safe - finality } } });
}

async function onChain(client: PublicClient, blockNumber: bigint, hash: string, head: bigint): Promise<boolean> {
  if (blockNumber > head) return false;
  const block = await client.getBlock({ blockNumber }).catch(() => null);
  return block?.hash === hash;
}

/** Keeps the hash a scanned range's last block had before the scan; prunes beyond KEPT_BLOCKS. */
async function keepBlock(chainKey: string, blockNumber: bigint, hash: Hex) {
  await db.$executeRaw`
    INSERT INTO chain_log_blocks (chain_key, block_number, block_hash) VALUES (${chainKey}, ${blockNumber}, ${hash})
    ON CONFLICT (chain_key, block_number) DO UPDATE SET block_hash = EXCLUDED.block_hash`;
  await db.$executeRaw`
    DELETE FROM chain_log_blocks WHERE chain_key = ${chainKey} AND block_number <= (
      SELECT block_number FROM chain_log_blocks WHERE chain_key = ${chainKey} ORDER BY block_number DESC OFFSET ${KEPT_BLOCKS} LIMIT 1)`;
}

/**
 * The range's logs for the subscriptions: one eth_getLogs per topic filter (the unfiltered ones share one):
 * their addresses, any of their topic0s, and the filter, so the RPC drops what nobody waits for.
 */
async function fetchLogs(client: PublicClient, subscriptions: LogSubscription[], from: bigint, to: bigint): Promise<RpcLog[]> {
  const byFilter = Map.groupBy(subscriptions, (s) => JSON.stringify(s.topics));
  const answers = await Promise.all(
    [...byFilter.values()].map((group) =>
      client.request({
        method: "eth_getLogs",
        params: [{
          address: [...new Set(group.map((s) => s.address.toLowerCase() as Hex))],
          topics: [[...new Set(group.map((s) => s.topic0))], ...group[0].topics],
          fromBlock: numberToHex(from),
          toBlock: numberToHex(to),
        }],
      }),
    ),
  );
  // One log may answer two filters: once is enough (toEvent picks its subscription).
  const unique = new Map(answers.flat().map((log) => [`${log.blockHash}:${log.logIndex}`, log]));
  return [...unique.values()].sort((a, b) => Number(BigInt(a.blockNumber ?? 0) - BigInt(b.blockNumber ?? 0)) || Number(BigInt(a.logIndex ?? 0) - BigInt(b.logIndex ?? 0)));
}

/** Whether the log passes the subscription's filter on topics 1–3. */
function passesFilter(log: RpcLog, topics: LogSubscription["topics"]): boolean {
  return topics.every((wanted, i) => {
    if (wanted === null) return true;
    const topic = log.topics[i + 1]?.toLowerCase();
    return Array.isArray(wanted) ? wanted.some((w) => w.toLowerCase() === topic) : wanted.toLowerCase() === topic;
  });
}

/**
 * The event for a log, decoded with the ABI of the first subscription it matches that had not scanned its
 * block yet; none if no subscription wants it (another's address with this one's topic) or it does not decode.
 */
function toEvent(chainKey: string, log: RpcLog, subscriptions: LogSubscription[]) {
  if (log.removed || !log.blockHash || !log.blockNumber || !log.transactionHash || !log.logIndex) return undefined;
  const blockNumber = BigInt(log.blockNumber);
  const address = getAddress(log.address);
  const wanting = subscriptions.filter((s) => s.address === address && s.topic0 === log.topics[0] && blockNumber > s.scannedTo && passesFilter(log, s.topics));
  for (const subscription of wanting) {
    try {
      const decoded = decodeEventLog({ abi: [subscription.abiEvent], data: log.data, topics: log.topics as [Hex, ...Hex[]], strict: true });
      const data: ChainLogEventData = {
        chain_key: chainKey,
        address,
        event: decoded.eventName ?? subscription.abiEvent.name,
        topic0: subscription.topic0,
        args: jsonSafe(decoded.args),
        block_number: Number(blockNumber),
        block_hash: log.blockHash,
        transaction_hash: log.transactionHash,
        log_index: Number(log.logIndex),
      };
      return { name: CHAIN_LOG, id: `log:${chainKey}:${log.blockHash}:${data.log_index}`, data };
    } catch {
      // Same topic0, other layout (e.g. ERC-721 Transfer vs ERC-20 Transfer): try the next subscription.
    }
  }
  if (wanting.length) warn(`chain ${chainKey}: log ${log.logIndex} of block ${log.blockHash} from ${address} does not decode as ${wanting[0].abiEvent.name}`);
  return undefined;
}

async function saveCursor(client: PublicClient, chainKey: string, blockNumber: bigint) {
  // The hash read before that block's scan; a block no range of this poll ended at (a laggard's start) is read now.
  const kept = await db.chainLogBlock.findUnique({ where: { chainKey_blockNumber: { chainKey, blockNumber } } });
  const hash = kept?.blockHash ?? (await client.getBlock({ blockNumber })).hash;
  // Never moves back: a concurrent poll may have gone further (a reorg deletes the row instead).
  await db.$executeRaw`
    INSERT INTO chain_log_cursors (chain_key, last_block, last_block_hash, updated_at)
    VALUES (${chainKey}, ${blockNumber}, ${hash}, now())
    ON CONFLICT (chain_key) DO UPDATE SET last_block = EXCLUDED.last_block, last_block_hash = EXCLUDED.last_block_hash, updated_at = now()
    WHERE chain_log_cursors.last_block <= EXCLUDED.last_block`;
}

/** Decoded arguments as JSON: integers as decimal strings. */
export function jsonSafe(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonSafe(v)]));
  return value;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

function warn(message: string) {
  if (process.env.LOG_LEVEL !== "silent") console.warn(`[chain-logs] ${message}`);
}
