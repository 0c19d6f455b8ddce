// The rate limiter's 1-second buckets: a window's state is bounded by its seconds, not by its limit, and
// buckets that left the window stop counting. (The limits as the API applies them: lib/api/api.test.ts.)
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { pool } from "@/lib/db";
import { takeSlot, type Policy } from "@/lib/http/rate-limit";

const high: Policy = { name: "rltest_high", limit: 1_000_000, windowSeconds: 60 };
const low: Policy = { name: "rltest_low", limit: 3, windowSeconds: 60 };
const tag = `rl_${randomBytes(4).toString("hex")}`;
const keys: string[] = [];
const newKey = () => {
  keys.push(`${tag}_${keys.length}`);
  return keys[keys.length - 1];
};

const nowSecond = () => Math.floor(Date.now() / 1000);
async function seed(policy: Policy, key: string, buckets: [second: number, count: number][]) {
  await pool.query("INSERT INTO rate_limit_windows (key, bucket_starts, bucket_counts) VALUES ($1, $2::bigint[], $3::int[])", [
    `${policy.name}:${key}`,
    buckets.map(([s]) => s),
    buckets.map(([, c]) => c),
  ]);
}
async function stored(policy: Policy, key: string) {
  const { rows } = await pool.query("SELECT bucket_starts, bucket_counts FROM rate_limit_windows WHERE key = $1", [`${policy.name}:${key}`]);
  return { starts: (rows[0].bucket_starts as string[]).map(Number), counts: rows[0].bucket_counts as number[] };
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

afterAll(async () => {
  await pool.query("DELETE FROM rate_limit_windows WHERE key = ANY($1::text[])", [keys.flatMap((k) => [high, low].map((p) => `${p.name}:${k}`))]);
});

describe("rate limit buckets", () => {
  it("a window holding 50,000 requests of a 1,000,000 limit takes one more and keeps at most one bucket a second", async () => {
    const key = newKey();
    // 50,000 requests over the last 59 seconds (59, not 60: the request below may fall into the next second)
    const s = nowSecond();
    const buckets: [number, number][] = Array.from({ length: 59 }, (_, i) => [s - 58 + i, 0]);
    for (let n = 0; n < 50_000; n++) buckets[n % 59][1]++;
    await seed(high, key, buckets);

    const r = await takeSlot(key, high);
    expect(r.allowed).toBe(true);
    expect(r.remaining).toBe(1_000_000 - 50_001);
    expect(r.resetAt).toBe(s - 58 + 60); // when the oldest bucket leaves the window
    const after = await stored(high, key);
    expect(after.starts.length).toBeLessThanOrEqual(high.windowSeconds);
    expect(after.counts).toHaveLength(after.starts.length);
    expect(sum(after.counts)).toBe(50_001);
    expect([...after.starts].sort((a, b) => a - b)).toEqual(after.starts);
  });

  it("requests older than the window stop counting, and their buckets are dropped", async () => {
    const key = newKey();
    const s = nowSecond();
    // a full limit's worth of requests, all at least 61 seconds old
    await seed(high, key, Array.from({ length: 10 }, (_, i) => [s - 70 + i, 100_000] as [number, number]));
    const r = await takeSlot(key, high);
    expect(r.allowed).toBe(true);
    expect(r.remaining).toBe(1_000_000 - 1);
    const after = await stored(high, key);
    expect(after.counts).toEqual([1]);
    expect(after.starts[0]).toBeGreaterThanOrEqual(s);
  });

  it("a refused request is not counted; remaining and Retry-After follow the oldest bucket", async () => {
    const key = newKey();
    const s = nowSecond();
    await seed(low, key, [[s - 30, 1]]);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await takeSlot(key, low));
    expect(results.map((r) => r.allowed)).toEqual([true, true, false, false]);
    expect(results.map((r) => r.remaining)).toEqual([1, 0, 0, 0]);
    const refused = results[2];
    expect(refused.resetAt).toBe(s - 30 + 60);
    expect(refused.retryAfter).toBeGreaterThanOrEqual(29);
    expect(refused.retryAfter).toBeLessThanOrEqual(31);
    expect(sum((await stored(low, key)).counts)).toBe(3);
  });
});
