// Sliding-window rate limits kept in PostgreSQL, so every app instance shares them. One statement takes
// the slots of one request, or of a group of requests that arrived together (see rateLimitCte). A limit key's row holds 1-second buckets: the seconds (since epoch, ascending) that saw
// allowed requests inside the window, and how many each saw. A request drops the buckets that left the
// window, is allowed when the buckets left hold fewer than `limit` requests, and if allowed counts itself
// in the bucket of the current second; a refused request is not counted. The work is bounded by the
// number of buckets (at most the window's seconds, e.g. 60), whatever the limit: the row never holds one
// entry per request.
//
// Precision is 1 second at the window's edge: a bucket counts while its second is within the last
// `windowSeconds` seconds (second of now − bucket second < windowSeconds), so the requests of the oldest
// second stop counting up to 1 s before they are a full window old. X-RateLimit-Reset is the second the
// oldest counted bucket leaves the window, and Retry-After the whole seconds until then (at least 1, at
// most the window).
import { hotQuery, meteringPool } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";

export interface Policy {
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * RATE_LIMIT_GENERAL_PER_MINUTE, when set, is the general limit for every caller, whatever the tenant's plan
 * (operators of a dedicated deployment, benchmarks, the multi-instance tests). Unset: API-key requests are held
 * to their tenant's plan's rate_limit_per_minute (lib/billing/plans, applied by the key check in ./credentials)
 * and the other takers of a general slot (sessions) to the 100 below.
 */
export const generalLimitOverride = process.env.RATE_LIMIT_GENERAL_PER_MINUTE ? Number(process.env.RATE_LIMIT_GENERAL_PER_MINUTE) : null;

export const policies = {
  general: { name: "general", limit: generalLimitOverride ?? 100, windowSeconds: 60 },
  auth: { name: "auth", limit: 10, windowSeconds: 60 },
  refresh: { name: "refresh", limit: 30, windowSeconds: 60 },
  batch: { name: "batch", limit: 20, windowSeconds: 60 },
} satisfies Record<string, Policy>;

export interface RateLimitResult {
  policy: Policy;
  allowed: boolean;
  remaining: number;
  resetAt: number; // unix seconds when the oldest counted bucket leaves the window
  retryAfter: number; // seconds
}

/**
 * SQL (CTEs `now_ms` and `rl`) that takes slots for each row (key, n, lim) of a relation `wanted` the caller
 * defines: n requests, in arrival order, for one limit key whose limit is `lim` (int; per key, so the key
 * check can apply each tenant's plan). The row keeps the limit it was last checked against. The first of them are allowed
 * while the window has room; the rest are refused and not counted, exactly as if they had come one by
 * one. The keys' rows are locked in key order, so statements over several keys cannot deadlock.
 * $1.. are taken by the caller; `p` is the index of the first parameter this fragment may use
 * (p = window in seconds). `rl` returns per key: granted (how many of the n were allowed), lim (the limit
 * applied), used (requests counted in the window after them), oldest (second of the oldest counted bucket,
 * null if none) and now_ms.
 */
export function rateLimitCte(p: number) {
  // The buckets of the stored row still inside the window (at most window-seconds of them).
  const kept = `unnest(w.bucket_starts, w.bucket_counts) x(s, c) WHERE x.s > (SELECT s FROM now_ms) - $${p}::bigint`;
  // A new row grants min(n, lim); an existing one min(n, room left). excluded.granted carries min(n, lim),
  // and the room left is never above the limit, so the least of the two is min(n, room left). excluded.lim is
  // this statement's limit: a lowered limit (a downgrade) refuses until the window's count falls below it.
  return `now_ms AS (SELECT t, t / 1000 AS s FROM (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS t) c),
rl AS (
  INSERT INTO rate_limit_windows AS w (key, bucket_starts, bucket_counts, granted, lim, updated_at)
  SELECT q.key, ARRAY[(SELECT s FROM now_ms)], ARRAY[least(q.n, q.lim)], least(q.n, q.lim), q.lim, now()
  FROM wanted q ORDER BY q.key
  ON CONFLICT (key) DO UPDATE SET (granted, lim, bucket_starts, bucket_counts, updated_at) = (
    SELECT o.granted, excluded.lim, COALESCE(array_agg(b.s ORDER BY b.s) FILTER (WHERE b.s IS NOT NULL), '{}'),
      COALESCE(array_agg(b.c ORDER BY b.s) FILTER (WHERE b.s IS NOT NULL), '{}'), now()
    FROM (SELECT greatest(0, least(excluded.granted, excluded.lim - COALESCE(sum(x.c), 0)))::int AS granted FROM ${kept}) o
    LEFT JOIN LATERAL (
      SELECT u.s, sum(u.c)::int AS c
      FROM (SELECT x.s, x.c FROM ${kept} UNION ALL SELECT (SELECT s FROM now_ms), o.granted WHERE o.granted > 0) u
      GROUP BY u.s
    ) b ON true
    GROUP BY o.granted
  )
  RETURNING w.key, w.granted, w.lim, (SELECT COALESCE(sum(c), 0) FROM unnest(w.bucket_counts) c)::int AS used, w.bucket_starts[1] AS oldest,
    (SELECT t FROM now_ms) AS now_ms
)`;
}

export interface RateLimitRow {
  granted: number;
  /** The limit the statement applied (the policy's, or the tenant's plan's for an API key). */
  lim: number;
  used: number;
  oldest: string | null;
  now_ms: string;
}

/**
 * The result for the `rank`-th (1-based, in arrival order) of the requests a key's row counted in one
 * statement: what that request would have seen had they come one by one. Only the count and the oldest
 * bucket come back, not the buckets themselves. The result's policy carries the limit applied.
 */
export function readRateLimit(given: Policy, row: RateLimitRow, rank = 1): RateLimitResult {
  const policy = row.lim === given.limit ? given : { ...given, limit: row.lim };
  const now = Number(row.now_ms);
  const oldest = row.oldest === null ? Math.floor(now / 1000) : Number(row.oldest);
  const resetAt = oldest + policy.windowSeconds; // the second the oldest counted bucket leaves the window
  const allowed = rank <= row.granted;
  const usedAfter = row.used - row.granted + Math.min(rank, row.granted);
  return {
    policy,
    allowed,
    remaining: allowed ? Math.max(0, policy.limit - usedAfter) : 0,
    resetAt,
    retryAfter: Math.max(1, Math.ceil((resetAt * 1000 - now) / 1000)),
  };
}

const takeSlotSql = `WITH wanted AS (SELECT $1::text AS key, 1 AS n, $2::int AS lim), ${rateLimitCte(3)} SELECT * FROM rl`;

/** Takes one slot of `policy` for `key` (e.g. a tenant or a client IP). */
export async function takeSlot(key: string, policy: Policy): Promise<RateLimitResult> {
  const { rows } = await hotQuery("take_rate_limit_slot", takeSlotSql, [`${policy.name}:${key}`, policy.limit, policy.windowSeconds], meteringPool);
  return readRateLimit(policy, rows[0]);
}

export function rateLimitHeaders(r: RateLimitResult): Record<string, string> {
  const headers: Record<string, string> = {
    "X-RateLimit-Limit": String(r.policy.limit),
    "X-RateLimit-Remaining": String(r.remaining),
    "X-RateLimit-Reset": String(r.resetAt),
    "X-RateLimit-Policy": `${r.policy.limit};w=${r.policy.windowSeconds}`,
  };
  if (!r.allowed) headers["Retry-After"] = String(r.retryAfter);
  return headers;
}

export function assertAllowed(r: RateLimitResult) {
  if (r.allowed) return;
  throw new ApiError(
    429,
    "rate_limit_error",
    "rate_limit_exceeded",
    `Too many requests: the limit is ${r.policy.limit} per ${r.policy.windowSeconds} seconds. Retry in ${r.retryAfter} seconds.`,
  );
}
