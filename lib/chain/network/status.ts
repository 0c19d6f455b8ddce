// Whether each network works here now (GET /v1/networks, the console's health), from two things this process
// already knows: what its calls to the network's RPC met over the last 5 minutes (lib/observability/rpc-health,
// fed by every call), and how long the RPC has served the same head block against the network's block time.
// Never a slow call per request: the head is read at most every 5 s per RPC (skipped when other calls read it
// meanwhile), a request waits for that read at most 1 s, and an RPC that answers nothing since is itself reported.
import { answeredAt, failureStreakOf, headOf, outcomesOf, type FailureStreak, type OutcomeCounts } from "@/lib/observability/rpc-health";
import { chainTarget, publicClient } from "./clients";
import { listNetworks, rpcSource, serializeNetwork, type Network } from "./networks";

export type NetworkStatus = "operational" | "degraded" | "down" | "unavailable";

/** The thresholds (README, "Running on real networks"). */
export const THRESHOLDS = {
  /** degraded: this share of the last 5 minutes' calls failed (429, timeout, connection or HTTP error), of at least `minCalls`. */
  failedShare: 0.1,
  minCalls: 20,
  /** degraded: this share of the last minute's calls failed, of at least `recentMinCalls`. */
  recentFailedShare: 0.5,
  recentMinCalls: 5,
  /** down: the last minute's calls, at least this many, all went unanswered (timeouts, connection or HTTP errors; a 429 is an answer). */
  silentCalls: 3,
  /** degraded: no new block for this many block times (at least `staleFloorSeconds`); down: `haltedBlocks` (at least `haltedFloorSeconds`). */
  staleBlocks: 10,
  staleFloorSeconds: 30,
  haltedBlocks: 100,
  haltedFloorSeconds: 300,
  /** Every call failed for this long since the RPC last served one (at least `streakCalls`): degraded; down if none was even answered (no 429). */
  streakDegradedSeconds: 10,
  streakDownSeconds: 20,
  streakCalls: 3,
  /** A head read, and every call since it started, unanswered (timeouts, connection or HTTP errors) this long: degraded, then down. */
  unansweredDegradedSeconds: 5,
  unansweredDownSeconds: 20,
};
const RECENT_MS = 60_000;
const READ_EVERY_MS = 5_000;
const READ_WAIT_MS = 1_000;

export interface NetworkHealth {
  status: NetworkStatus;
  status_reason: string | null;
  rpc_calls: number;
  rpc_error_rate: number;
  rpc_rate_limited: number;
  rpc_timeouts: number;
  rpc_connection_errors: number;
  rpc_http_errors: number;
  rpc_jsonrpc_errors: number;
  head_block: number | null;
  head_age_seconds: number | null;
  block_time_seconds: number | null;
}

const failedOf = (c: OutcomeCounts) => c.rate_limited + c.timed_out + c.connection_error + c.http_error;
const callsOf = (c: OutcomeCounts) => failedOf(c) + c.answered + c.jsonrpc_error;
const seconds = (s: number) => (s < 120 ? `${Math.round(s * 100) / 100} s` : `${Math.round(s / 60)} min`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the failed calls met, in words: "were rate-limited (429)" for one kind, else "failed (3 rate-limited (429), 1 timed out)". */
function failures(c: OutcomeCounts): string {
  const kinds: [number, string, string][] = [
    [c.rate_limited, "were rate-limited (429)", `${c.rate_limited} rate-limited (429)`],
    [c.timed_out, "timed out", `${c.timed_out} timed out`],
    [c.connection_error, "could not connect", plural(c.connection_error, "connection error")],
    [c.http_error, "got an HTTP error", plural(c.http_error, "HTTP error")],
  ];
  const seen = kinds.filter(([n]) => n > 0);
  return seen.length === 1 ? seen[0][1] : `failed (${seen.map(([, , part]) => part).join(", ")})`;
}

export interface StatusInput {
  /** The last minute's and the last 5 minutes' call outcomes. */
  recent: OutcomeCounts;
  window: OutcomeCounts;
  /** How long the RPC has served the same head (null: not known), and the network's block time (null: blocks on demand). */
  headAgeSeconds: number | null;
  blockSeconds: number | null;
  /** How long the RPC has answered nothing since a head read started (null: it answered). */
  unansweredSeconds: number | null;
  /** The calls failed since the RPC last served one, and for how long (null: the last call was served). */
  streak: { seconds: number; counts: OutcomeCounts } | null;
}

/** The status and its reason, the worst that applies, from the figures. */
export function classify(input: StatusInput): { status: Exclude<NetworkStatus, "unavailable">; reason: string | null } {
  const t = THRESHOLDS;
  const { recent, window, headAgeSeconds: age, blockSeconds: block, unansweredSeconds: wait } = input;
  const noAnswer = recent.timed_out + recent.connection_error + recent.http_error;
  if (callsOf(recent) >= t.silentCalls && noAnswer === callsOf(recent)) {
    return { status: "down", reason: `the RPC answered none of the ${callsOf(recent)} calls of the last minute: they ${failures(recent)}` };
  }
  if (wait !== null && wait >= t.unansweredDownSeconds) return { status: "down", reason: `the RPC has answered no call for ${seconds(wait)}` };
  const streak = input.streak && callsOf(input.streak.counts) >= t.streakCalls ? input.streak : null;
  const streakReason = (s: { seconds: number; counts: OutcomeCounts }) =>
    `none of the last ${callsOf(s.counts)} RPC calls was served (for ${seconds(s.seconds)}): they ${failures(s.counts)}`;
  if (streak && streak.seconds >= t.streakDownSeconds && !streak.counts.rate_limited) return { status: "down", reason: streakReason(streak) };
  const stale = `blocks normally every ${seconds(block ?? 0)}`;
  if (age !== null && block !== null && age >= Math.max(t.haltedFloorSeconds, t.haltedBlocks * block)) {
    return { status: "down", reason: `no new block for ${seconds(age)}; ${stale}` };
  }
  if (wait !== null && wait >= t.unansweredDegradedSeconds) return { status: "degraded", reason: `the RPC has answered no call for ${seconds(wait)}` };
  if (streak && streak.seconds >= t.streakDegradedSeconds) return { status: "degraded", reason: streakReason(streak) };
  if (age !== null && block !== null && age >= Math.max(t.staleFloorSeconds, t.staleBlocks * block)) {
    return { status: "degraded", reason: `no new block for ${seconds(age)}; ${stale}` };
  }
  const share = (c: OutcomeCounts) => failedOf(c) / Math.max(1, callsOf(c));
  if (callsOf(recent) >= t.recentMinCalls && share(recent) >= t.recentFailedShare) {
    return { status: "degraded", reason: `${Math.round(share(recent) * 100)}% of the ${callsOf(recent)} RPC calls in the last minute ${failures(recent)}` };
  }
  if (callsOf(window) >= t.minCalls && share(window) >= t.failedShare) {
    return { status: "degraded", reason: `${Math.round(share(window) * 100)}% of the ${callsOf(window)} RPC calls in the last 5 minutes ${failures(window)}` };
  }
  return { status: "operational", reason: null };
}

interface HeadRead {
  running: Promise<void> | null;
  doneAt: number;
  /** When the first head read started since the RPC last answered anything, or null. */
  unansweredSince: number | null;
}
// On globalThis, as the health records (one read per RPC however many times Next.js loads this module).
const globalForReads = globalThis as unknown as { tokenPlatformHeadReads?: Map<string, HeadRead> };
const reads = (globalForReads.tokenPlatformHeadReads ??= new Map());


/** Reads the head of the RPC `key` unless it was read in the last 5 s; the answer itself is recorded by the RPC's fetch. */
function readHead(network: string, key: string, now: number): HeadRead {
  const read = reads.get(key) ?? { running: null, doneAt: 0, unansweredSince: null };
  reads.set(key, read);
  const seen = headOf(key);
  // Any answer since (to this read, a 429 on its way, a wallet's run, the log watcher) says the RPC is there.
  if (read.unansweredSince !== null && answeredAt(key) >= read.unansweredSince) read.unansweredSince = null;
  if (read.running || now - read.doneAt < READ_EVERY_MS || (seen && now - seen.readAt < READ_EVERY_MS)) return read;
  read.unansweredSince ??= now; // until the RPC answers anything (the fetch records it)
  read.running = publicClient(network)
    .getBlockNumber({ cacheTime: 0 })
    .then(
      () => {},
      () => {}, // counted by the fetch; the status says it
    )
    .finally(() => {
      read.running = null;
      read.doneAt = Date.now();
    });
  return read;
}

const UNAVAILABLE: NetworkHealth = {
  status: "unavailable", status_reason: "no RPC serves this network on this deployment",
  rpc_calls: 0, rpc_error_rate: 0, rpc_rate_limited: 0, rpc_timeouts: 0, rpc_connection_errors: 0, rpc_http_errors: 0, rpc_jsonrpc_errors: 0,
  head_block: null, head_age_seconds: null, block_time_seconds: null,
};

/** Each network's health by name; waits at most 1 s, for head reads it started. */
export async function networkHealth(networks: Network[] = listNetworks()): Promise<Map<string, NetworkHealth>> {
  const started = Date.now();
  const served = networks.filter((n) => rpcSource(n)).map((network) => ({ network, target: chainTarget(network.name) }));
  const headReads = new Map(served.map(({ network, target }) => [target.rpcUrl, readHead(network.name, target.rpcUrl, started)]));
  // A read this request started is waited for (at most 1 s); one that was already waiting is not waited for again.
  const waiting = [...headReads.values()].filter((r) => r.running && r.unansweredSince === started).map((r) => r.running);
  if (waiting.length) {
    const waited = new Promise<void>((resolve) => setTimeout(resolve, READ_WAIT_MS).unref());
    await Promise.race([Promise.all(waiting), waited]);
  }
  const now = Date.now();
  const health = new Map<string, NetworkHealth>(networks.map((n) => [n.name, UNAVAILABLE]));
  for (const { network, target } of served) {
    const key = target.rpcUrl;
    const [recent, window] = [outcomesOf(key, RECENT_MS, now), outcomesOf(key, undefined, now)];
    const head = headOf(key);
    const read = headReads.get(key)!;
    // The local chain (no RPC_URL_<NETWORK>) mines on demand: a still head says nothing there.
    const blockSeconds = target.isLocal ? null : network.blockSeconds;
    const headAgeSeconds = head ? (head.readAt - head.since) / 1000 : null;
    const silentSince = read.unansweredSince !== null && answeredAt(key) < read.unansweredSince ? read.unansweredSince : null;
    const unansweredSeconds = silentSince === null ? null : (now - silentSince) / 1000;
    const failing: FailureStreak | null = failureStreakOf(key);
    const streak = failing && { seconds: (now - failing.since) / 1000, counts: failing.counts };
    const { status, reason } = classify({ recent, window, headAgeSeconds, blockSeconds, unansweredSeconds, streak });
    health.set(network.name, {
      status, status_reason: reason,
      rpc_calls: callsOf(window), rpc_error_rate: Math.round((failedOf(window) / Math.max(1, callsOf(window))) * 10_000) / 10_000,
      rpc_rate_limited: window.rate_limited, rpc_timeouts: window.timed_out, rpc_connection_errors: window.connection_error,
      rpc_http_errors: window.http_error, rpc_jsonrpc_errors: window.jsonrpc_error,
      head_block: head ? Number(head.block) : null, head_age_seconds: headAgeSeconds === null ? null : Math.round(headAgeSeconds * 10) / 10,
      block_time_seconds: blockSeconds,
    });
  }
  return health;
}

/** GET /v1/networks: each network as serializeNetwork shows it, with its health. */
export async function listNetworksWithHealth() {
  const health = await networkHealth();
  return listNetworks().map((n) => ({ ...serializeNetwork(n), ...health.get(n.name)! }));
}
