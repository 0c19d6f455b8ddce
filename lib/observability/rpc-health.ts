// What each RPC's calls met lately, in this process: counts by outcome over the last 5 minutes (30 buckets of
// 10 s, reused in a ring) and the head block it last served with when it was first seen. Fed by the fetch
// under viem's transport (./rpc), keyed by the RPC it serves (lib/chain/network/clients: a network's
// RPC_URL_<NETWORK>, or the local chain); read by GET /v1/networks (lib/chain/network/status). Recording is a
// few in-memory increments: it runs on every call.

export const OUTCOMES = ["answered", "rate_limited", "timed_out", "connection_error", "http_error", "jsonrpc_error"] as const;
/** answered: a result; jsonrpc_error: an answer with an error (a revert, "nonce too low": the node works); the rest: no answer. */
export type RpcOutcome = (typeof OUTCOMES)[number];
export type OutcomeCounts = Record<RpcOutcome, number>;

const BUCKET_MS = 10_000;
const BUCKETS = 30;
export const WINDOW_MS = BUCKET_MS * BUCKETS;

interface Bucket {
  epoch: number;
  counts: number[];
}

export interface HeadSeen {
  block: bigint;
  /** When this process first saw this block as the head (ms). */
  since: number;
  /** When the RPC last answered with it (ms). */
  readAt: number;
}

/** The calls that failed since the RPC last served one (a result or a JSON-RPC error): a sudden outage shows at once. */
export interface FailureStreak {
  /** When the first of them failed (ms). */
  since: number;
  counts: OutcomeCounts;
}

interface RpcRecord {
  buckets: Bucket[];
  head: HeadSeen | null;
  /** When the RPC last answered a call (a result, a JSON-RPC error or a 429: it is there), ms; 0 before. */
  answeredAt: number;
  streak: FailureStreak | null;
}

const ANSWERS: ReadonlySet<RpcOutcome> = new Set(["answered", "jsonrpc_error", "rate_limited"]);
const SERVED: ReadonlySet<RpcOutcome> = new Set(["answered", "jsonrpc_error"]);

const emptyCounts = (): OutcomeCounts => Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as OutcomeCounts;

// On globalThis: Next.js may load this module more than once (the API's routes and the executor share it).
const globalForHealth = globalThis as unknown as { tokenPlatformRpcHealth?: Map<string, RpcRecord> };
const records = (globalForHealth.tokenPlatformRpcHealth ??= new Map());

function recordOf(key: string): RpcRecord {
  let record = records.get(key);
  if (!record) {
    record = { buckets: Array.from({ length: BUCKETS }, () => ({ epoch: -1, counts: OUTCOMES.map(() => 0) })), head: null, answeredAt: 0, streak: null };
    records.set(key, record);
  }
  return record;
}

export function recordOutcome(key: string, outcome: RpcOutcome, calls = 1, now = Date.now()): void {
  const epoch = Math.floor(now / BUCKET_MS);
  const record = recordOf(key);
  if (ANSWERS.has(outcome)) record.answeredAt = now;
  if (SERVED.has(outcome)) record.streak = null;
  else (record.streak ??= { since: now, counts: emptyCounts() }).counts[outcome] += calls;
  const bucket = record.buckets[epoch % BUCKETS];
  if (bucket.epoch !== epoch) {
    bucket.epoch = epoch;
    bucket.counts.fill(0);
  }
  bucket.counts[OUTCOMES.indexOf(outcome)] += calls;
}

/** The RPC served `block` as its head. Any other number than the last (a new block, a restart) starts a new head. */
export function recordHead(key: string, block: bigint, now = Date.now()): void {
  const record = recordOf(key);
  if (record.head?.block === block) record.head.readAt = now;
  else record.head = { block, since: now, readAt: now };
}

/** The counts of the last `windowMs` (at most 5 minutes; whole 10 s buckets, the current one included). */
export function outcomesOf(key: string, windowMs = WINDOW_MS, now = Date.now()): OutcomeCounts {
  const counts = emptyCounts();
  const record = records.get(key);
  if (!record) return counts;
  const oldest = Math.floor(now / BUCKET_MS) - Math.min(BUCKETS, Math.ceil(windowMs / BUCKET_MS)) + 1;
  for (const bucket of record.buckets) {
    if (bucket.epoch < oldest) continue;
    OUTCOMES.forEach((o, i) => (counts[o] += bucket.counts[i]));
  }
  return counts;
}

export const headOf = (key: string): HeadSeen | null => records.get(key)?.head ?? null;
export const answeredAt = (key: string): number => records.get(key)?.answeredAt ?? 0;
export const failureStreakOf = (key: string): FailureStreak | null => records.get(key)?.streak ?? null;
