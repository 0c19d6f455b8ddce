// The plan's rate limit (rate_limit_per_minute) on API-key requests, through the API: a free tenant is refused
// past its 100 a minute, an upgrade admits it at once under the growth limit, a downgrade lowers it again, and
// the headers say the limit applied. Session requests (the console) count in the same window under the same limit.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  delete process.env.RATE_LIMIT_GENERAL_PER_MINUTE; // the limit as shipped: per plan
});
import { call, freshIp, newTenant } from "@/test/client";
import { PLANS } from "@/lib/billing/plans";
import { planRateLimitParams } from "@/lib/billing/quotas/api-calls";

const ADMIN = "admin-secret-for-rate-limit-tests-0123456789";
beforeAll(() => {
  process.env.BILLING_ADMIN_SECRET = ADMIN;
});
afterAll(() => {
  delete process.env.BILLING_ADMIN_SECRET;
});

const FREE = PLANS.free.limits.rate_limit_per_minute;
const GROWTH = PLANS.growth.limits.rate_limit_per_minute;
const ENTERPRISE = PLANS.enterprise.limits.rate_limit_per_minute;

const activate = (tenant: string, plan: string) =>
  call("POST", "/v1/billing/activate", { ip: freshIp(), headers: { "x-admin-secret": ADMIN }, body: { tenant_id: tenant, plan, days: 30, reason: "rate limit test" } });
const headers = (r: Awaited<ReturnType<typeof call>>) => ({
  limit: r.headers.get("x-ratelimit-limit"),
  remaining: r.headers.get("x-ratelimit-remaining"),
  policy: r.headers.get("x-ratelimit-policy"),
});

describe("plan rate limits", () => {
  it("the limits come from the plans table; an override replaces every plan's", () => {
    expect(planRateLimitParams(null)).toEqual([["free", "growth", "enterprise"], [FREE, GROWTH, ENTERPRISE], FREE]);
    expect(planRateLimitParams(7)).toEqual([["free", "growth", "enterprise"], [7, 7, 7], 7]);
    expect([FREE, GROWTH, ENTERPRISE]).toEqual([100, 1_000, 5_000]);
  });

  it("free: 429 past 100 a minute; growth admits the same tenant at once under 1,000; a downgrade lowers it again", async () => {
    const t = await newTenant("Plan Rate");
    const id = t.auth.tenant.id as string;
    // newTenant's session request took one slot of the tenant's window: FREE - 1 API-key requests fit.
    const burst = await Promise.all(Array.from({ length: FREE + 5 }, () => call("GET", "/v1/tokens", { token: t.apiKey })));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(FREE - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    const refused = burst.find((r) => r.status === 429)!;
    expect(refused.body.error).toMatchObject({ type: "rate_limit_error", code: "rate_limit_exceeded" });
    expect(refused.body.error.message).toContain(`the limit is ${FREE} per 60 seconds`);
    expect(headers(refused)).toEqual({ limit: String(FREE), remaining: "0", policy: `${FREE};w=60` });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const admitted = burst.filter((r) => r.status === 200).map((r) => Number(r.headers.get("x-ratelimit-remaining")));
    expect(Math.min(...admitted)).toBe(0);
    expect(headers(burst.find((r) => r.status === 200)!).limit).toBe(String(FREE));

    // The upgrade: the next request is admitted, under the growth limit, the window's count carried over.
    expect((await activate(id, "growth")).status).toBe(200);
    const up = await call("GET", "/v1/tokens", { token: t.apiKey });
    expect(up.status).toBe(200);
    expect(headers(up)).toEqual({ limit: String(GROWTH), remaining: String(GROWTH - FREE - 1), policy: `${GROWTH};w=60` });

    // A session request of the same tenant (the console) counts in the same window under the same plan limit.
    const console_ = await call("GET", "/v1/billing/subscription", { token: t.accessToken });
    expect(console_.status).toBe(200);
    expect(headers(console_)).toEqual({ limit: String(GROWTH), remaining: String(GROWTH - FREE - 2), policy: `${GROWTH};w=60` });
    const again = await call("GET", "/v1/tokens", { token: t.apiKey });
    expect(headers(again)).toMatchObject({ limit: String(GROWTH), remaining: String(GROWTH - FREE - 3) });

    expect((await activate(id, "enterprise")).status).toBe(200);
    expect(headers(await call("GET", "/v1/tokens", { token: t.apiKey }))).toMatchObject({ limit: String(ENTERPRISE), policy: `${ENTERPRISE};w=60` });

    // The downgrade: the window holds more than the free limit, so the next API-key request is refused.
    expect((await activate(id, "free")).status).toBe(200);
    const down = await call("GET", "/v1/tokens", { token: t.apiKey });
    expect(down.status).toBe(429);
    expect(headers(down)).toEqual({ limit: String(FREE), remaining: "0", policy: `${FREE};w=60` });
  });

  it("a growth tenant's burst: exactly its limit pass in a minute, the rest 429 with its headers", async () => {
    const t = await newTenant("Growth Burst");
    expect((await activate(t.auth.tenant.id, "growth")).status).toBe(200);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    // In waves, so the in-process handler is not asked for a thousand requests at once.
    for (let sent = 0; sent < GROWTH + 10; sent += 100) {
      const wave = await Promise.all(Array.from({ length: 100 }, () => call("GET", "/v1/tokens", { token: t.apiKey })));
      statuses.push(...wave.map((r) => r.status));
      last = wave.find((r) => r.status === 429) ?? last;
    }
    // GROWTH + 100 sent after the registration's session slot: GROWTH - 1 pass.
    expect(statuses.filter((s) => s === 200)).toHaveLength(GROWTH - 1);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(headers(last!)).toEqual({ limit: String(GROWTH), remaining: "0", policy: `${GROWTH};w=60` });
  });
});
