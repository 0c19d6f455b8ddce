// API-key checks that arrive together share one statement (lib/api/credentials): each request is still
// allowed or refused as if they had come one by one, in arrival order, with its own rate-limit headers.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { call, freshIp, newTenant } from "@/test/client";
import { pool } from "@/lib/db";
import { authenticate } from "./credentials";
import { rateLimitHeaders, type Policy } from "@/lib/http/rate-limit";

const policy: Policy = { name: `credtest_${randomBytes(4).toString("hex")}`, limit: 5, windowSeconds: 60 };

const keyRequest = (secret: string) =>
  new Request("http://localhost/v1/networks", { headers: { authorization: `Bearer ${secret}`, "x-forwarded-for": freshIp() } });
// All started in one event-loop turn, as a burst of requests reaches the server.
const burst = (secrets: string[], p = policy) => Promise.all(secrets.map((s) => authenticate(keyRequest(s), "api_key", p)));

afterAll(async () => {
  await pool.query("DELETE FROM rate_limit_windows WHERE key LIKE $1", [`${policy.name}:%`]);
});

describe("API-key checks that arrive together", () => {
  it("are allowed in arrival order up to the limit; each sees its own remaining count, the refused ones a Retry-After", async () => {
    const a = await newTenant();
    const results = await burst(Array(12).fill(a.apiKey));
    expect(results.map((r) => r.caller?.tenantId)).toEqual(Array(12).fill(a.auth.tenant.id));
    expect(results.map((r) => r.rateLimit?.allowed)).toEqual([...Array(5).fill(true), ...Array(7).fill(false)]);
    const headers = results.map((r) => rateLimitHeaders(r.rateLimit!));
    expect(headers.map((h) => h["X-RateLimit-Remaining"])).toEqual(["4", "3", "2", "1", "0", ...Array(7).fill("0")]);
    expect(headers.slice(0, 5).every((h) => h["Retry-After"] === undefined)).toBe(true);
    for (const h of headers.slice(5)) {
      expect(Number(h["Retry-After"])).toBeGreaterThanOrEqual(59);
      expect(Number(h["Retry-After"])).toBeLessThanOrEqual(60);
      expect(h["X-RateLimit-Reset"]).toBe(headers[0]["X-RateLimit-Reset"]);
    }
    // Only the allowed ones were counted: the next request, alone, is refused too.
    const { rows } = await pool.query("SELECT bucket_counts FROM rate_limit_windows WHERE key = $1", [`${policy.name}:${a.auth.tenant.id}`]);
    expect((rows[0].bucket_counts as number[]).reduce((x, y) => x + y, 0)).toBe(5);
    expect((await burst([a.apiKey]))[0].rateLimit?.allowed).toBe(false);
  });

  it("count each tenant on its own, and an unknown or revoked key among them fails alone", async () => {
    const a = await newTenant();
    const b = await newTenant();
    const revoked = await newTenant();
    expect((await call("DELETE", `/v1/api_keys/${revoked.key.id}`, { token: revoked.accessToken })).status).toBe(200);
    const unknown = `sk_test_${randomBytes(16).toString("hex")}`;
    const order = [a, b, a, unknown, b, a, revoked, a, b, a, a, a];
    const results = await burst(order.map((t) => (typeof t === "string" ? t : t.apiKey)));

    const remainingOf = (t: typeof a) =>
      results.flatMap((r, i) => (order[i] === t ? [r.rateLimit!.allowed ? r.rateLimit!.remaining : "refused"] : []));
    expect(remainingOf(a)).toEqual([4, 3, 2, 1, 0, "refused", "refused"]);
    expect(remainingOf(b)).toEqual([4, 3, 2]);
    for (const i of [3, 6]) {
      expect(results[i].caller).toBeNull();
      expect(results[i].failure).toMatchObject({ status: 401, code: "invalid_api_key" });
      expect(results[i].rateLimit?.policy).toBe(policy); // counted against the client IP instead
    }
    expect(results.filter((r) => r.caller?.tenantId === b.auth.tenant.id)).toHaveLength(3);
  });

  it("stay exact when several groups for one tenant are on their way at once", async () => {
    const a = await newTenant();
    const wide: Policy = { ...policy, limit: 25 };
    // Six bursts a turn apart: a burst goes while fewer than two statements are out, or waits and goes
    // with the bursts that came meanwhile, so statements for the same row overlap.
    const bursts: ReturnType<typeof burst>[] = [];
    for (let i = 0; i < 6; i++) {
      bursts.push(burst(Array(10).fill(a.apiKey), wide));
      await new Promise(setImmediate);
    }
    const results = (await Promise.all(bursts)).flat();
    const allowed = results.filter((r) => r.rateLimit!.allowed);
    expect(allowed).toHaveLength(25);
    expect(allowed.map((r) => r.rateLimit!.remaining).sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });
});
