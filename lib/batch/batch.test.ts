// POST /v1/batch: operations through the same wrapper, in order, with the caller's credential; one slot
// of the batch limit and one of the general limit per batch.
import { describe, expect, it } from "vitest";
import { call, freshIp, newTenant } from "@/test/client";
import { db } from "@/lib/db";

const batch = (token: string, operations: unknown[], headers?: Record<string, string>) =>
  call("POST", "/v1/batch", { token, body: { operations }, headers });
const endpoint = (url: string) => ({ method: "POST", path: "/v1/webhook_endpoints", body: { url, events: ["token.minted"] } });

describe("batch", () => {
  it("3 operations, one invalid: 3 results (201, 400, 201) and the valid ones take effect", async () => {
    const t = await newTenant();
    const res = await batch(t.apiKey, [
      endpoint("https://a.example.com/h"),
      { method: "POST", path: "/v1/webhook_endpoints", body: { url: "https://b.example.com/h", events: ["no.such_event"] } },
      endpoint("https://c.example.com/h"),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.object).toBe("batch");
    expect(res.body.results.map((r: any) => r.status)).toEqual([201, 400, 201]);
    expect(res.body.results[0].body).toMatchObject({ object: "webhook_endpoint", url: "https://a.example.com/h" });
    expect(res.body.results[1].body.error).toMatchObject({ type: "invalid_request_error", param: "events.0" });
    const list = await call("GET", "/v1/webhook_endpoints", { token: t.apiKey });
    expect(list.body.data.map((e: any) => e.url).sort()).toEqual(["https://a.example.com/h", "https://c.example.com/h"]);
  });

  it("runs in order against any /v1 route, with query strings, path params, 404/405 and tenant scope", async () => {
    const t = await newTenant();
    const other = await newTenant();
    const foreign = (await call("POST", "/v1/webhook_endpoints", { token: other.apiKey, body: { url: "https://x.example.com", events: ["*"] } })).body.id;
    const created = (await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: { url: "https://y.example.com", events: ["*"] } })).body.id;
    const res = await batch(t.apiKey, [
      { method: "GET", path: "/v1/webhook_endpoints?limit=1" },
      { method: "POST", path: `/v1/webhook_endpoints/${created}`, body: { description: "via batch" } },
      { method: "GET", path: `/v1/webhook_endpoints/${created}` },
      { method: "GET", path: `/v1/webhook_endpoints/${foreign}` },
      { method: "GET", path: "/v1/nothing" },
      { method: "PATCH", path: "/v1/webhook_endpoints" },
      { method: "GET", path: "/v1/api_keys" },
      { method: "GET", path: "/v1/webhook_endpoints?limit=0" },
    ]);
    expect(res.body.results.map((r: any) => r.status)).toEqual([200, 200, 200, 404, 404, 405, 401, 400]);
    expect(res.body.results[0].body).toMatchObject({ object: "list", total: 1 });
    expect(res.body.results[2].body.description).toBe("via batch");
    expect(res.body.results[6].body.error.code).toBe("access_token_required");
  });

  it("sub-operations keep their idempotency keys", async () => {
    const t = await newTenant();
    const op = { ...endpoint("https://idem.example.com/h"), body: { ...endpoint("").body, url: "https://idem.example.com/h", idempotency_key: "batch-op-1" } };
    const first = await batch(t.apiKey, [op, op]);
    expect(first.body.results.map((r: any) => r.status)).toEqual([201, 201]);
    expect(first.body.results[1].body.id).toBe(first.body.results[0].body.id);
    expect((await call("GET", "/v1/webhook_endpoints", { token: t.apiKey })).body.total).toBe(1);
  });

  it("400 for a malformed batch: nothing runs", async () => {
    const t = await newTenant();
    const cases: [unknown, string][] = [
      [[], "operations"],
      [Array.from({ length: 51 }, () => ({ method: "GET", path: "/v1/events" })), "operations"],
      [[{ method: "GET", path: "/auth/register" }], "operations.0.path"],
      [[{ method: "POST", path: "/v1/../auth/register", body: {} }], "operations.0.path"],
      [[{ method: "POST", path: "/v1/batch", body: { operations: [] } }], "operations.0.path"],
      [[{ method: "GET", path: "/v1/events", body: { a: 1 } }], "operations.0.body"],
      [[{ method: "TRACE", path: "/v1/events" }], "operations.0.method"],
      [[{ method: "GET", path: "/v1/events", headers: {} }], "operations.0.headers"],
    ];
    for (const [operations, param] of cases) {
      const res = await batch(t.apiKey, operations as unknown[]);
      expect(res.status, JSON.stringify(operations).slice(0, 80)).toBe(400);
      expect(res.body.error.param).toBe(param);
    }
    expect((await call("POST", "/v1/batch", { token: t.apiKey, body: {} })).body.error.param).toBe("operations");
  });

  it("a batch counts once toward the batch limit and once toward the general limit, however many operations", async () => {
    const t = await newTenant();
    const before = Number((await call("GET", "/v1/events?limit=1", { token: t.apiKey })).headers.get("x-ratelimit-remaining"));
    const ops = Array.from({ length: 50 }, () => ({ method: "GET", path: "/v1/events?limit=1" }));
    const res = await batch(t.apiKey, ops);
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(50);
    expect(res.body.results.every((r: any) => r.status === 200)).toBe(true);
    expect(res.headers.get("x-ratelimit-policy")).toBe("20;w=60");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("19");
    const general = await call("GET", "/v1/events?limit=1", { token: t.apiKey });
    expect(general.headers.get("x-ratelimit-policy")).toBe("100;w=60");
    expect(general.headers.get("x-ratelimit-remaining")).toBe(String(before - 2)); // the batch and this request

    for (let i = 0; i < 19; i++) await batch(t.apiKey, [{ method: "GET", path: "/v1/events?limit=1" }]);
    const limited = await batch(t.apiKey, [{ method: "GET", path: "/v1/events?limit=1" }]);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limit_exceeded");
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("a batch is refused when the general limit is used up, with Retry-After", async () => {
    const t = await newTenant();
    const full = { bucketStarts: [BigInt(Math.floor(Date.now() / 1000) - 1)], bucketCounts: [100] }; // 100 requests a second ago
    await db.rateLimitWindow.upsert({
      where: { key: `general:${t.auth.tenant.id}` },
      create: { key: `general:${t.auth.tenant.id}`, ...full },
      update: full,
    });
    const res = await batch(t.apiKey, [endpoint("https://late.example.com/h")]);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await db.webhookEndpoint.count({ where: { tenantId: t.auth.tenant.id } }))).toBe(0);
  });

  it("an API key's batch takes its general slot under the plan's limit (growth: 1,000), not 100", async () => {
    const t = await newTenant();
    const id = t.auth.tenant.id as string;
    const seeded = { bucketStarts: [BigInt(Math.floor(Date.now() / 1000) - 1)], bucketCounts: [500] }; // 500 requests a second ago
    await db.rateLimitWindow.upsert({ where: { key: `general:${id}` }, create: { key: `general:${id}`, ...seeded }, update: seeded });
    expect((await batch(t.apiKey, [endpoint("https://free.example.com/h")])).status).toBe(429); // free: 100
    process.env.BILLING_ADMIN_SECRET = "batch-test-admin-secret-0123456789";
    try {
      const up = await call("POST", "/v1/billing/activate", {
        ip: freshIp(),
        headers: { "x-admin-secret": process.env.BILLING_ADMIN_SECRET },
        body: { tenant_id: id, plan: "growth", days: 30, reason: "batch test" },
      });
      expect(up.status).toBe(200);
    } finally {
      delete process.env.BILLING_ADMIN_SECRET;
    }
    const res = await batch(t.apiKey, [endpoint("https://growth.example.com/h")]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: any) => r.status)).toEqual([201]);
    const general = await call("GET", "/v1/events?limit=1", { token: t.apiKey });
    expect(general.headers.get("x-ratelimit-policy")).toBe("1000;w=60");
    expect(general.headers.get("x-ratelimit-remaining")).toBe(String(1000 - 502)); // the seeded 500, the batch and this request
  });

  it("works with a session token for bearer routes", async () => {
    const t = await newTenant();
    const res = await batch(t.accessToken, [{ method: "GET", path: "/v1/api_keys" }, { method: "GET", path: "/v1/analytics/overview?period=7d" }]);
    expect(res.body.results.map((r: any) => r.status)).toEqual([200, 200]);
    expect(res.body.results[0].body.total).toBe(1);
  });
});
