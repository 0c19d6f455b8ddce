// Analytics over rows written straight to the tables, on known days, so every figure is checkable.
import { describe, expect, it } from "vitest";
import { call, newTenant } from "@/test/client";
import { db } from "@/lib/db";
import { newId } from "@/lib/core/ids";

const DAY = 24 * 3600 * 1000;
const daysAgo = (n: number, ms = 0) => {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  return new Date(d.getTime() - n * DAY + ms);
};
const dateOf = (d: Date) => d.toISOString().slice(0, 10);

async function seed(tenantId: string) {
  const token = (status: string, network: string, createdAt: Date) => ({
    id: newId("tok"), tenantId, name: "T", symbol: "T", standard: "ERC20", network, status, decimals: 18, initialSupply: "0", features: {}, createdAt,
  });
  await db.token.createMany({
    data: [
      token("deployed", "polygon_amoy", daysAgo(0)),
      token("deployed", "polygon_amoy", daysAgo(0)),
      token("deploying", "sepolia", daysAgo(0)),
      token("deployed", "polygon_amoy", daysAgo(3)),
      token("deployed", "sepolia", daysAgo(10)),
    ],
  });
  const tx = (status: string, kind: string, createdAt: Date, confirmAfterS?: number) => ({
    id: newId("tx"), tenantId, network: "polygon_amoy", chainKey: "local", kind, status, fromAddress: "0x0", data: "0x", request: {}, createdAt,
    confirmedAt: confirmAfterS === undefined ? null : new Date(createdAt.getTime() + confirmAfterS * 1000),
  });
  await db.transaction.createMany({
    data: [
      tx("confirmed", "token.deploy", daysAgo(0), 10),
      tx("confirmed", "token.mint", daysAgo(0), 30),
      tx("confirmed", "token.mint", daysAgo(2), 20),
      tx("failed", "token.mint", daysAgo(2)),
      tx("pending", "token.transfer", daysAgo(0)),
      tx("confirmed", "token.mint", daysAgo(40), 1000),
    ],
  });
  // Subscribed to nothing the tenant emits, so the outbox adds no deliveries of its own to the figures.
  const endpoint = await db.webhookEndpoint.create({ data: { id: newId("we"), tenantId, url: "https://example.com", events: ["nft.burned"], encryptedSecret: "x" } });
  const event = await db.event.create({ data: { id: newId("evt"), tenantId, type: "token.minted", data: {}, dispatchedAt: new Date() } });
  await db.webhookDelivery.createMany({
    data: Array.from({ length: 20 }, (_, i) => ({
      id: newId("whd"), tenantId, endpointId: endpoint.id, eventId: event.id, eventType: event.type,
      status: i < 18 ? "succeeded" : "failed", durationMs: (i + 1) * 10, attempts: 1, createdAt: daysAgo(i < 10 ? 0 : 1),
    })),
  });
}

describe("analytics", () => {
  it("tokens by status and network, with a daily series of the period", async () => {
    const t = await newTenant();
    await seed(t.auth.tenant.id);
    const res = await call("GET", "/v1/analytics/tokens?period=7d", { token: t.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: "token_analytics", period: "7d", start: dateOf(daysAgo(6)), end: dateOf(daysAgo(0)),
      total: 4, by_status: { deployed: 3, deploying: 1 }, by_network: { polygon_amoy: 3, sepolia: 1 },
    });
    expect(res.body.series).toHaveLength(7);
    expect(res.body.series[6]).toEqual({ date: dateOf(daysAgo(0)), total: 3, by_status: { deployed: 2, deploying: 1 }, by_network: { polygon_amoy: 2, sepolia: 1 } });
    expect(res.body.series[3]).toEqual({ date: dateOf(daysAgo(3)), total: 1, by_status: { deployed: 1 }, by_network: { polygon_amoy: 1 } });
    expect(res.body.series[0]).toEqual({ date: dateOf(daysAgo(6)), total: 0, by_status: {}, by_network: {} });
    const month = await call("GET", "/v1/analytics/tokens", { token: t.accessToken });
    expect(month.body).toMatchObject({ period: "30d", total: 5 });
    expect(month.body.series).toHaveLength(30);
  });

  it("transactions by status and kind, success rate and median confirmation time", async () => {
    const t = await newTenant();
    await seed(t.auth.tenant.id);
    const res = await call("GET", "/v1/analytics/transactions?period=30d", { token: t.accessToken });
    expect(res.body).toMatchObject({
      object: "transaction_analytics", total: 5,
      by_status: { confirmed: 3, failed: 1, pending: 1 }, by_kind: { "token.deploy": 1, "token.mint": 3, "token.transfer": 1 },
      success_rate: 0.75, median_confirmation_seconds: 20,
    });
    expect(res.body.series.at(-1)).toMatchObject({ total: 3, success_rate: 1, median_confirmation_seconds: 20 });
    expect(res.body.series.at(-3)).toMatchObject({ total: 2, success_rate: 0.5, median_confirmation_seconds: 20, by_status: { confirmed: 1, failed: 1 } });
    expect(res.body.series.at(-2)).toMatchObject({ total: 0, success_rate: null, median_confirmation_seconds: null });
    const quarter = await call("GET", "/v1/analytics/transactions?period=90d", { token: t.accessToken });
    expect(quarter.body).toMatchObject({ total: 6, median_confirmation_seconds: 25 });
  });

  it("webhook deliveries by status with success rate and p95 latency; the overview agrees", async () => {
    const t = await newTenant();
    await seed(t.auth.tenant.id);
    const res = await call("GET", "/v1/analytics/webhooks?period=7d", { token: t.accessToken });
    expect(res.body).toMatchObject({ object: "webhook_analytics", total: 20, by_status: { succeeded: 18, failed: 2 }, success_rate: 0.9, p95_latency_ms: 190.5 });
    expect(res.body.series.at(-1)).toMatchObject({ total: 10, by_status: { succeeded: 10 }, success_rate: 1, p95_latency_ms: 95.5 });
    expect(res.body.series.at(-2)).toMatchObject({ total: 10, by_status: { succeeded: 8, failed: 2 }, success_rate: 0.8 });

    const overview = await call("GET", "/v1/analytics/overview?period=7d", { token: t.accessToken });
    expect(overview.body).toMatchObject({
      object: "analytics_overview", period: "7d", start: dateOf(daysAgo(6)), end: dateOf(daysAgo(0)),
      tokens: { total: 5, deployed: 4, created: 4 },
      transactions: { total: 5, confirmed: 3, failed: 1, success_rate: 0.75, median_confirmation_seconds: 20 },
      webhooks: { enabled_endpoints: 1, deliveries: 20, succeeded: 18, failed: 2, retrying: 0, success_rate: 0.9, p95_latency_ms: 190.5 },
    });
    expect(overview.body.events.total).toBeGreaterThanOrEqual(3); // registration, key, the seeded event
  });

  it("one mode at a time: test data by default, live data with ?livemode=true, events of no mode in both", async () => {
    const t = await newTenant();
    const tenantId = t.auth.tenant.id;
    // Registration emitted events of no mode (auth.registered, wallet.created, api_key.created): start from none so every count is exact.
    await db.event.deleteMany({ where: { tenantId } });
    await seed(tenantId); // test mode: 5 tokens, 6 transactions, 1 endpoint with 20 deliveries, 1 event of no mode
    const token = (status: string, network: string, createdAt: Date) => ({
      id: newId("tok"), tenantId, livemode: true, name: "L", symbol: "L", standard: "ERC20", network, status, decimals: 18, initialSupply: "0", features: {}, createdAt,
    });
    await db.token.createMany({ data: [token("deployed", "polygon", daysAgo(0)), token("failed", "ethereum", daysAgo(2)), token("deployed", "polygon", daysAgo(20))] });
    const tx = (status: string, kind: string, createdAt: Date, confirmAfterS?: number) => ({
      id: newId("tx"), tenantId, livemode: true, network: "polygon", chainKey: "local", kind, status, fromAddress: "0x0", data: "0x", request: {}, createdAt,
      confirmedAt: confirmAfterS === undefined ? null : new Date(createdAt.getTime() + confirmAfterS * 1000),
    });
    await db.transaction.createMany({
      data: [tx("confirmed", "token.deploy", daysAgo(0), 40), tx("failed", "token.transfer", daysAgo(0)), tx("confirmed", "token.mint", daysAgo(1), 60), tx("confirmed", "token.mint", daysAgo(40), 5)],
    });
    const endpoint = (livemode: boolean, status = "enabled") =>
      db.webhookEndpoint.create({ data: { id: newId("we"), tenantId, livemode, url: "https://example.com", events: ["nft.burned"], encryptedSecret: "x", status } });
    const live = await endpoint(true);
    await endpoint(true);
    await endpoint(true, "disabled");
    await endpoint(false, "disabled");
    const event = (type: string, livemode: boolean | null) =>
      db.event.create({ data: { id: newId("evt"), tenantId, type, data: {}, livemode, dispatchedAt: new Date() } });
    const liveEvent = await event("token.deployed", true);
    await event("token.deployed", false);
    await event("token.minted", false);
    const modeless = await event("api_key.created", null);
    // A live event and an event of no mode delivered to the live endpoint: live deliveries both.
    await db.webhookDelivery.createMany({
      data: [liveEvent, liveEvent, modeless, modeless].map((e, i) => ({
        id: newId("whd"), tenantId, endpointId: live.id, eventId: e.id, eventType: e.type,
        status: i < 3 ? "succeeded" : "failed", durationMs: (i + 1) * 100, attempts: 1, createdAt: daysAgo(0),
      })),
    });
    const get = async (path: string) => {
      const res = await call("GET", path, { token: t.accessToken });
      expect(res.status, path).toBe(200);
      return res.body;
    };

    // Test mode, by default and when asked: the seeded figures, untouched by the live rows.
    for (const q of ["", "&livemode=false"]) {
      expect(await get(`/v1/analytics/tokens?period=7d${q}`)).toMatchObject({ livemode: false, total: 4, by_status: { deployed: 3, deploying: 1 }, by_network: { polygon_amoy: 3, sepolia: 1 } });
      expect(await get(`/v1/analytics/transactions?period=30d${q}`)).toMatchObject({
        livemode: false, total: 5, by_status: { confirmed: 3, failed: 1, pending: 1 }, by_kind: { "token.deploy": 1, "token.mint": 3, "token.transfer": 1 },
        success_rate: 0.75, median_confirmation_seconds: 20,
      });
      const hooks = await get(`/v1/analytics/webhooks?period=7d${q}`);
      expect(hooks).toMatchObject({ livemode: false, total: 20, by_status: { succeeded: 18, failed: 2 }, success_rate: 0.9, p95_latency_ms: 190.5 });
      expect(hooks.series.at(-1)).toMatchObject({ total: 10, by_status: { succeeded: 10 } });
      expect(await get(`/v1/analytics/overview?period=7d${q}`)).toEqual({
        object: "analytics_overview", livemode: false, period: "7d", start: dateOf(daysAgo(6)), end: dateOf(daysAgo(0)),
        tokens: { total: 5, deployed: 4, created: 4 },
        transactions: { total: 5, confirmed: 3, failed: 1, success_rate: 0.75, median_confirmation_seconds: 20 },
        webhooks: { enabled_endpoints: 1, deliveries: 20, succeeded: 18, failed: 2, retrying: 0, success_rate: 0.9, p95_latency_ms: 190.5 },
        events: { total: 4 }, // 2 test + 2 of no mode (the seed's and api_key.created)
      });
    }

    // Live mode: only the live rows.
    const tokens = await get("/v1/analytics/tokens?period=7d&livemode=true");
    expect(tokens).toMatchObject({ object: "token_analytics", livemode: true, total: 2, by_status: { deployed: 1, failed: 1 }, by_network: { polygon: 1, ethereum: 1 } });
    expect(tokens.series.at(-1)).toEqual({ date: dateOf(daysAgo(0)), total: 1, by_status: { deployed: 1 }, by_network: { polygon: 1 } });
    expect(tokens.series.at(-3)).toEqual({ date: dateOf(daysAgo(2)), total: 1, by_status: { failed: 1 }, by_network: { ethereum: 1 } });
    expect((await get("/v1/analytics/tokens?livemode=true")).total).toBe(3);
    const txs = await get("/v1/analytics/transactions?livemode=true");
    expect(txs).toMatchObject({
      object: "transaction_analytics", livemode: true, total: 3, by_status: { confirmed: 2, failed: 1 }, by_kind: { "token.deploy": 1, "token.mint": 1, "token.transfer": 1 },
      success_rate: 0.6667, median_confirmation_seconds: 50,
    });
    expect(txs.series.at(-1)).toMatchObject({ total: 2, success_rate: 0.5, median_confirmation_seconds: 40 });
    expect((await get("/v1/analytics/transactions?period=90d&livemode=true")).total).toBe(4);
    const hooks = await get("/v1/analytics/webhooks?period=7d&livemode=true");
    expect(hooks).toMatchObject({ object: "webhook_analytics", livemode: true, total: 4, by_status: { succeeded: 3, failed: 1 }, success_rate: 0.75, p95_latency_ms: 385 });
    expect(hooks.series.at(-2)).toMatchObject({ total: 0, by_status: {}, success_rate: null });
    expect(await get("/v1/analytics/overview?period=7d&livemode=true")).toEqual({
      object: "analytics_overview", livemode: true, period: "7d", start: dateOf(daysAgo(6)), end: dateOf(daysAgo(0)),
      tokens: { total: 3, deployed: 2, created: 2 },
      transactions: { total: 3, confirmed: 2, failed: 1, success_rate: 0.6667, median_confirmation_seconds: 50 },
      webhooks: { enabled_endpoints: 2, deliveries: 4, succeeded: 3, failed: 1, retrying: 0, success_rate: 0.75, p95_latency_ms: 385 },
      events: { total: 3 }, // 1 live + 2 of no mode
    });

    // Exactly "true" or "false".
    for (const value of ["yes", "1", "TRUE", ""]) {
      const bad = await call("GET", `/v1/analytics/overview?livemode=${value}`, { token: t.accessToken });
      expect(bad.status, value).toBe(400);
      expect(bad.body.error).toMatchObject({ type: "invalid_request_error", code: "parameter_invalid", param: "livemode" });
    }
    const yes = await call("GET", "/v1/analytics/tokens?livemode=yes", { token: t.accessToken });
    expect(yes.status).toBe(400);
    expect(yes.body.error.param).toBe("livemode");
    expect(yes.body.error.message).toMatch(/livemode/);
  });

  it("a new tenant has zeros and null rates; bearer auth only; bad periods are 400", async () => {
    const t = await newTenant();
    const res = await call("GET", "/v1/analytics/webhooks?period=90d", { token: t.accessToken });
    expect(res.body).toMatchObject({ total: 0, by_status: {}, success_rate: null, p95_latency_ms: null });
    expect(res.body.series).toHaveLength(90);
    const overview = await call("GET", "/v1/analytics/overview", { token: t.accessToken });
    expect(overview.body.transactions).toEqual({ total: 0, confirmed: 0, failed: 0, success_rate: null, median_confirmation_seconds: null });
    expect((await call("GET", "/v1/analytics/overview", { token: t.apiKey })).status).toBe(401);
    const bad = await call("GET", "/v1/analytics/tokens?period=1y", { token: t.accessToken });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("period");
    expect((await call("GET", "/v1/analytics/tokens?since=1", { token: t.accessToken })).status).toBe(400);
  });

  it("webhook success rates count deliveries being retried as not succeeded (never 100 % while deliveries fail)", async () => {
    const t = await newTenant();
    const tenantId = t.auth.tenant.id;
    const endpoint = await db.webhookEndpoint.create({ data: { id: newId("we"), tenantId, url: "https://example.com", events: ["nft.burned"], encryptedSecret: "x" } });
    const event = await db.event.create({ data: { id: newId("evt"), tenantId, type: "token.minted", data: {}, dispatchedAt: new Date() } });
    const delivery = (status: string, attempts: number) => ({ id: newId("whd"), tenantId, endpointId: endpoint.id, eventId: event.id, eventType: event.type, status, attempts, createdAt: daysAgo(0),
      // Enqueued already and due in an hour: no sweeper or run touches them while the test reads.
      enqueuedAt: new Date(), nextAttemptAt: new Date(Date.now() + 3600_000) });
    // One success, two retrying after failed attempts, one not tried yet (counts toward no rate).
    await db.webhookDelivery.createMany({ data: [delivery("succeeded", 1), delivery("pending", 2), delivery("pending", 1), delivery("pending", 0)] });
    const overview = await call("GET", "/v1/analytics/overview?period=7d", { token: t.accessToken });
    expect(overview.body.webhooks).toMatchObject({ deliveries: 4, succeeded: 1, failed: 0, retrying: 2, success_rate: 0.3333 });
    const hooks = await call("GET", "/v1/analytics/webhooks?period=7d", { token: t.accessToken });
    expect(hooks.body).toMatchObject({ total: 4, success_rate: 0.3333 });
  });
});
