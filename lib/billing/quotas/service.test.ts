// The plan's quotas through the API, on the real default path (test/env.ts turns them off for the other suites;
// this process turns them back on): 402 quota_exceeded before anything is recorded or sent, lifted at once by an
// upgrade, kept by a downgrade for what exists; usage counted from our records and exact at period boundaries.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/lib/db";
import { newId } from "@/lib/core/ids";
import { call, newTenant } from "@/test/client";
import { calendarMonth } from "@/lib/billing/subscriptions";
import { PLANS } from "@/lib/billing/plans";

const ADMIN = "admin-secret-for-quota-tests-0123456789";
const ERC20 = { name: "Quota Coin", symbol: "QTC", standard: "ERC20", network: "polygon_amoy", initial_supply: "1000" };

beforeAll(() => {
  delete process.env.BILLING_QUOTAS; // the default: enforced
  process.env.BILLING_ADMIN_SECRET = ADMIN;
  // polygon_amoy as a real test network (its own RPC, here the same local chain): quotas apply to it. Networks the
  // embedded local chain serves are free of quotas (the last test).
  process.env.RPC_URL_POLYGON_AMOY = process.env.LOCAL_CHAIN_RPC_URL;
});
afterAll(() => {
  process.env.BILLING_QUOTAS = "off";
  delete process.env.RPC_URL_POLYGON_AMOY;
});

const tenantId = (t: Awaited<ReturnType<typeof newTenant>>) => t.auth.tenant.id as string;
const usage = async (t: Awaited<ReturnType<typeof newTenant>>) => {
  const res = await call("GET", "/v1/billing/usage", { token: t.accessToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const activate = (tenant: string, plan: string) =>
  call("POST", "/v1/billing/activate", { headers: { "x-admin-secret": ADMIN }, body: { tenant_id: tenant, plan, days: 30, reason: "test" } });
const count = async (table: string, tenant: string) => Number((await pool.query(`SELECT count(*) AS n FROM ${table} WHERE tenant_id = $1`, [tenant])).rows[0].n);

/** Chain writes the intake counted in the tenant's window (the counter row, billing_chain_writes). */
async function seedWrites(tenant: string, n: number, windowStart = calendarMonth().start) {
  await pool.query(
    `INSERT INTO billing_chain_writes (tenant_id, period_start, writes, updated_at) VALUES ($1, $2::timestamptz AT TIME ZONE 'UTC', $3, now())
     ON CONFLICT (tenant_id, period_start) DO UPDATE SET writes = billing_chain_writes.writes + $3`,
    [tenant, windowStart.toISOString(), n],
  );
}

async function seedTokens(tenant: string, n: number) {
  for (let i = 0; i < n; i++) {
    await pool.query(
      `INSERT INTO tokens (id, tenant_id, livemode, name, symbol, standard, network, status, decimals, initial_supply, features, created_at, updated_at)
       VALUES ($1, $2, $3, 'Seeded', 'SEED', 'ERC20', 'polygon_amoy', 'deployed', 18, '0', '{"mintable":true,"burnable":true,"pausable":true,"votes":false}', now(), now())`,
      [newId("tok"), tenant, i % 2 === 1], // both modes count
    );
  }
}

describe("quotas", () => {
  it("the free plan's chain-write quota answers 402 before anything is recorded; an upgrade lifts it at once", async () => {
    const t = await newTenant("Quota");
    const id = tenantId(t);
    const limit = PLANS.free.limits.chain_writes_per_month;
    await seedWrites(id, limit);
    expect((await usage(t)).usage.chain_writes).toEqual({ used: limit, limit });

    const refused = await call("POST", "/v1/tokens", { token: t.apiKey, body: ERC20 });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({ type: "invalid_request_error", code: "quota_exceeded", status: 402 });
    expect(refused.body.error.message).toContain(`allows ${limit} chain writes`);
    expect(refused.body.error.message).toContain("POST /v1/billing/checkout");
    // Nothing recorded: no transaction, no token.
    expect(await count("transactions", id)).toBe(0);
    expect(await count("tokens", id)).toBe(0);
    expect((await usage(t)).usage.chain_writes.used).toBe(limit); // the refused write is not counted

    expect((await activate(id, "growth")).status).toBe(200);
    const again = await call("POST", "/v1/tokens", { token: t.apiKey, body: ERC20 });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    // The growth period started at the activation: the free month's writes are not in it, the deployment is.
    const after = await usage(t);
    expect(after.plan).toBe("growth");
    expect(after.usage.chain_writes).toEqual({ used: 1, limit: PLANS.growth.limits.chain_writes_per_month });
    expect(after.usage.deployed_contracts.used).toBe(1);
  });

  it("deployed contracts: 402 at the limit (both modes count); a downgrade keeps them and refuses only new ones", async () => {
    const t = await newTenant("Contracts");
    const id = tenantId(t);
    const limit = PLANS.free.limits.deployed_contracts;
    await seedTokens(id, limit);
    const refused = await call("POST", "/v1/tokens", { token: t.apiKey, body: ERC20 });
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe("quota_exceeded");
    expect(refused.body.error.message).toContain(`allows ${limit} deployed contracts`);
    expect(await count("transactions", id)).toBe(0);

    expect((await activate(id, "growth")).status).toBe(200);
    expect((await call("POST", "/v1/tokens", { token: t.apiKey, body: ERC20 })).status).toBe(201);
    expect((await activate(id, "free")).status).toBe(200);
    const u = await usage(t);
    expect(u.plan).toBe("free");
    expect(u.usage.deployed_contracts).toEqual({ used: limit + 1, limit });
    // What exists stays: listed and readable.
    const list = await call("GET", "/v1/tokens", { token: t.apiKey });
    expect(list.body.total).toBe(Math.ceil(limit / 2) + 1);
    expect((await call("POST", "/v1/tokens", { token: t.apiKey, body: ERC20 })).status).toBe(402);
  });

  it("concurrent deployments at the limit: exactly the limit pass, the others answer 402", async () => {
    const t = await newTenant("Race");
    const id = tenantId(t);
    const limit = PLANS.free.limits.deployed_contracts;
    await seedTokens(id, limit - 2);
    const answers = await Promise.all(Array.from({ length: 6 }, () => call("POST", "/v1/tokens", { token: t.apiKey, body: ERC20 })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 402, 402, 402, 402]);
    expect((await usage(t)).usage.deployed_contracts).toEqual({ used: limit, limit });
  });

  it("webhook endpoints: the plan's number, then 402", async () => {
    const t = await newTenant("Hooks");
    const limit = PLANS.free.limits.webhook_endpoints;
    for (let i = 0; i < limit; i++) {
      const res = await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: { url: `https://example.com/h${i}`, events: ["*"] } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const refused = await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: { url: "https://example.com/more", events: ["*"] } });
    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toContain(`allows ${limit} webhook endpoints`);
    expect((await usage(t)).usage.webhook_endpoints).toEqual({ used: limit, limit });
    expect(await count("webhook_endpoints", tenantId(t))).toBe(limit);
  });

  it("API calls: counted per API-key request (not console sessions), 402 past the limit, lifted by an upgrade; off with BILLING_QUOTAS=off", async () => {
    const t = await newTenant("Calls");
    const id = tenantId(t);
    for (let i = 0; i < 3; i++) expect((await call("GET", "/v1/tokens", { token: t.apiKey })).status).toBe(200);
    expect((await usage(t)).usage.api_calls).toEqual({ used: 3, limit: PLANS.free.limits.api_calls_per_month });

    const limit = PLANS.free.limits.api_calls_per_month;
    await pool.query("UPDATE billing_api_calls SET calls = $2 WHERE tenant_id = $1", [id, limit]);
    const refused = await call("GET", "/v1/tokens", { token: t.apiKey });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({ code: "quota_exceeded", status: 402 });
    expect(refused.body.error.message).toContain(`allows ${limit} API calls`);
    expect(refused.headers.get("x-ratelimit-limit")).not.toBeNull();
    // The console (a session) still works: usage and the way up.
    expect((await usage(t)).usage.api_calls.used).toBe(limit + 1);

    process.env.BILLING_QUOTAS = "off";
    try {
      expect((await call("GET", "/v1/tokens", { token: t.apiKey })).status).toBe(200);
    } finally {
      delete process.env.BILLING_QUOTAS;
    }
    expect((await activate(id, "growth")).status).toBe(200);
    expect((await call("GET", "/v1/tokens", { token: t.apiKey })).status).toBe(200);
    expect((await usage(t)).usage.api_calls.used).toBe(1);
  });

  it("chain writes are one counter row per window: last month's count is not this month's; the limit is exact under concurrency", async () => {
    const t = await newTenant("Boundary");
    const id = tenantId(t);
    const { start } = calendarMonth();
    const lastMonth = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - 1, 1));
    await seedWrites(id, 400, lastMonth);
    await seedWrites(id, 3, start);
    expect((await usage(t)).usage.chain_writes.used).toBe(3);
    const limit = PLANS.free.limits.chain_writes_per_month;
    await seedWrites(id, limit - 3 - 2); // two writes of room left
    const answers = await Promise.all(Array.from({ length: 5 }, () => call("POST", "/v1/tokens", { token: t.apiKey, body: ERC20 })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 402, 402, 402]);
    expect((await usage(t)).usage.chain_writes.used).toBe(limit);
  });

  it("the embedded local chain is free of quotas: the 11th deployment there answers 201 (shown as local); a network with its own RPC still answers 402", async () => {
    const t = await newTenant("Local");
    const limit = PLANS.free.limits.deployed_contracts;
    const LOCAL = { ...ERC20, network: "base_sepolia" }; // no RPC_URL_BASE_SEPOLIA: served by the local chain
    delete process.env.RPC_URL_BASE_SEPOLIA;
    for (let i = 0; i <= limit; i++) {
      const res = await call("POST", "/v1/tokens", { token: t.apiKey, body: LOCAL });
      expect(res.status, `deployment ${i + 1}: ${JSON.stringify(res.body)}`).toBe(201);
    }
    const u = await usage(t);
    expect(u.usage.deployed_contracts).toEqual({ used: 0, limit });
    expect(u.usage.chain_writes.used).toBe(0);
    expect(u.local).toEqual({ chain_writes: limit + 1, deployed_contracts: limit + 1 });

    await seedTokens(tenantId(t), limit); // on polygon_amoy, which has its own RPC in this file
    const refused = await call("POST", "/v1/tokens", { token: t.apiKey, body: ERC20 });
    expect(refused.status, JSON.stringify(refused.body)).toBe(402);
    expect(refused.body.error.code).toBe("quota_exceeded");
  });

  it("billing reads take the console session, not an API key", async () => {
    const t = await newTenant("Auth");
    const res = await call("GET", "/v1/billing/usage", { token: t.apiKey });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("access_token_required");
    const sub = await call("GET", "/v1/billing/subscription", { token: t.accessToken });
    expect(sub.body).toMatchObject({ object: "subscription", plan: "free", status: "active", source: "free", cancel_at_period_end: false });
    const plans = await call("GET", "/v1/billing/plans", { token: t.accessToken });
    expect(plans.body.data.map((p: { id: string }) => p.id)).toEqual(["free", "growth", "enterprise"]);
    expect(plans.body.data[2]).toMatchObject({ contact_sales: true, price_usd_cents: null, limits: { chain_writes_per_month: null } });
  });
});
