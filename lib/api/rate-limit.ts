// Sliding-window rate limits kept in PostgreSQL, so every app instance shares them. One statement per
// request: it drops request times older than the window, and records this request if there is room.
import { hotQuery } from "@/lib/db";
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
  resetAt: number; // unix seconds when the oldest counted request leaves the window
  retryAfter: number; // seconds
}

/**
 * SQL (a CTE named `rl`) that takes one slot of `policy` for the limit key produced by `keySql`.
 * $1.. are taken by the caller; `p` is the index of the first parameter this fragment may use
 * (it uses p = limit, p+1 = window in ms).
 */
export function rateLimitCte(keySql: string, fromSql: string, p: number) {
  const inWindow = `FROM unnest(w.hits) h WHERE h > (SELECT t FROM now_ms) - $${p + 1}::bigint`;
  return `now_ms AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS t),
rl AS (
  INSERT INTO rate_limit_windows AS w (key, hits, allowed, updated_at)
  SELECT ${keySql}, ARRAY[(SELECT t FROM now_ms)], true, now() ${fromSql}
  ON CONFLICT (key) DO UPDATE SET
    allowed = (SELECT count(*) ${inWindow}) < $${p}::int,
    hits = (SELECT COALESCE(array_agg(h ORDER BY h), '{}') ${inWindow})
      || CASE WHEN (SELECT count(*) ${inWindow}) < $${p}::int THEN ARRAY[(SELECT t FROM now_ms)] ELSE '{}'::bigint[] END,
    updated_at = now()
  RETURNING allowed, cardinality(hits) AS used, hits[1] AS oldest, (SELECT t FROM now_ms) AS now_ms
)`;
}

export const rateLimitParams = (policy: Policy) => [policy.limit, policy.windowSeconds * 1000];

// Only the count and the oldest request time come back: the window itself holds up to `limit` entries.
export function readRateLimit(policy: Policy, row: { allowed: boolean; used: number; oldest: string | null; now_ms: string }): RateLimitResult {
  const now = Number(row.now_ms);
  const oldest = row.oldest === null ? now : Number(row.oldest);
  const resetMs = oldest + policy.windowSeconds * 1000;
  return {
    policy,
    allowed: row.allowed,
    remaining: row.allowed ? Math.max(0, policy.limit - row.used) : 0,
    resetAt: Math.ceil(resetMs / 1000),
    retryAfter: Math.max(1, Math.ceil((resetMs - now) / 1000)),
  };
}

const takeSlotSql = `WITH ${rateLimitCte("$1", "", 2)} SELECT * FROM rl`;

/** Takes one slot of `policy` for `key` (e.g. a tenant or a client IP). */
export async function takeSlot(key: string, policy: Policy): Promise<RateLimitResult> {
  const { rows } = await hotQuery("take_rate_limit_slot", takeSlotSql, [`${policy.name}:${key}`, ...rateLimitParams(policy)]);
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
