// How full a plan limit is, as the console colours it: calm below 80 %, amber from 80 %, red at 100 %.
export type UsageLevel = "ok" | "warning" | "full";

export const WARN_AT = 0.8;

/** The level of `used` against `limit` (null: unlimited, never warned about). */
export function usageLevel(used: number, limit: number | null): UsageLevel {
  if (limit === null) return "ok";
  if (limit <= 0 || used >= limit) return "full";
  return used / limit >= WARN_AT ? "warning" : "ok";
}
