// 33.9: a batch is one request for the rate limit, but each of its operations is an API call of the month.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/lib/db";
import { call, newTenant } from "@/test/client";
import { PLANS } from "@/lib/billing/plans";

beforeAll(() => {
  delete process.env.BILLING_QUOTAS;
});
afterAll(() => {
  process.env.BILLING_QUOTAS = "off";
});

const apiCalls = async (t: Awaited<ReturnType<typeof newTenant>>) => (await call("GET", "/v1/billing/usage", { token: t.accessToken })).body.usage.api_calls.used;
const batch = (t: Awaited<ReturnType<typeof newTenant>>, n: number) =>
  call("POST", "/v1/batch", { token: t.apiKey, body: { operations: Array.from({ length: n }, () => ({ method: "GET", path: "/v1/tokens" })) } });

describe("batch and the monthly API-call quota", () => {
  it("a batch of 5 operations counts 5 API calls", async () => {
    const t = await newTenant("BatchCalls");
    const res = await batch(t, 5);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results.map((r: { status: number }) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await apiCalls(t)).toBe(5);
  });

  it("operations beyond the quota answer 402 in their own result", async () => {
    const t = await newTenant("BatchQuota");
    const limit = PLANS.free.limits.api_calls_per_month;
    expect((await call("GET", "/v1/tokens", { token: t.apiKey })).status).toBe(200);
    await pool.query("UPDATE billing_api_calls SET calls = $2 WHERE tenant_id = $1", [t.auth.tenant.id, limit - 3]);
    const res = await batch(t, 4); // the batch is call limit-2, its operations limit-2 (the batch), limit-1, limit, limit+1
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results.map((r: { status: number }) => r.status)).toEqual([200, 200, 200, 402]);
    expect(res.body.results[3].body.error.code).toBe("quota_exceeded");
  });
});
