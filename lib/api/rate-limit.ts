// Sliding-window rate limits kept in PostgreSQL, so every app instance shares them. One statement per
// request. A limit key's row holds 1-second buckets: the seconds (since epoch, ascending) that saw
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
import { ApiError } from "./errors";

export interface Policy {
  name: string;
  limit: number;
  windowSeconds: number;
}

export const policies = {
  // Operators may raise the general limit (e.g. for a dedicated deployment or a benchmark).
  general: { name: "general", limit: Number(process.env.RATE_LIMIT_GENERAL_PER_MINUTE ?? 100), windowSeconds: 60 },
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
 * SQL (a CTE named `rl`) that takes one slot of `policy` for the limit key produced by `keySql`.
 * $1.. are taken by the caller; `p` is the index of the first parameter this fragment may use
 * (it uses p = limit, p+1 = window in seconds). `rl` returns allowed, used (requests counted in the
 * window after this one), oldest (second of the oldest counted bucket, null if none) and now_ms.
 */
export function rateLimitCte(keySql: string, fromSql: string, p: number) {
  // The buckets of the stored row still inside the window (at most window-seconds of them).
  const kept = `unnest(w.bucket_starts, w.bucket_counts) x(s, c) WHERE x.s > (SELECT s FROM now_ms) - $${p + 1}::bigint`;
  return `now_ms AS (SELECT t, t / 1000 AS s FROM (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS t) c),
rl AS (
  INSERT INTO rate_limit_windows AS w (key, bucket_starts, bucket_counts, allowed, updated_at)
  SELECT ${keySql}, ARRAY[(SELECT s FROM now_ms)], '{1}', true, now() ${fromSql}
  ON CONFLICT (key) DO UPDATE SET (allowed, bucket_starts, bucket_counts, updated_at) = (
    SELECT o.ok, COALESCE(array_agg(b.s ORDER BY b.s) FILTER (WHERE b.s IS NOT NULL), '{}'),
      COALESCE(array_agg(b.c ORDER BY b.s) FILTER (WHERE b.s IS NOT NULL), '{}'), now()
    FROM (SELECT COALESCE(sum(x.c), 0) < $${p}::int AS ok FROM ${kept}) o
    LEFT JOIN LATERAL (
      SELECT u.s, sum(u.c)::int AS c
      FROM (SELECT x.s, x.c FROM ${kept} UNION ALL SELECT (SELECT s FROM now_ms), 1 WHERE o.ok) u
      GROUP BY u.s
    ) b ON true
    GROUP BY o.ok
  )
  RETURNING allowed, (SELECT COALESCE(sum(c), 0) FROM unnest(w.bucket_counts) c)::int AS used, w.bucket_starts[1] AS oldest,
    (SELECT t FROM now_ms) AS now_ms
)`;
}

export const rateLimitParams = (policy: Policy) => [policy.limit, policy.windowSeconds];

// Only the count and the oldest bucket come back, not the buckets themselves.
export function readRateLimit(policy: Policy, row: { allowed: boolean; used: number; oldest: string | null; now_ms: string }): RateLimitResult {
  const now = Number(row.now_ms);
  const oldest = row.oldest === null ? Math.floor(now / 1000) : Number(row.oldest);
  const resetAt = oldest + policy.windowSeconds; // the second the oldest counted bucket leaves the window
  return {
    policy,
    allowed: row.allowed,
    remaining: row.allowed ? Math.max(0, policy.limit - row.used) : 0,
    resetAt,
    retryAfter: Math.max(1, Math.ceil((resetAt * 1000 - now) / 1000)),
  };
}

const takeSlotSql = `WITH ${rateLimitCte("$1", "", 2)} SELECT * FROM rl`;

/** Takes one slot of `policy` for `key` (e.g. a tenant or a client IP). */
export async function takeSlot(key: string, policy: Policy): Promise<RateLimitResult> {
  const { rows } = await hotQuery("take_rate_limit_slot", takeSlotSql, [`${policy.name}:${key}`, ...rateLimitParams(policy)], meteringPool);
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
