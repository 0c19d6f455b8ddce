// The request wrapper end to end: credentials, error envelopes, rate limits, idempotency, pagination.
import { describe, expect, it } from "vitest";
import { call, freshIp, newTenant } from "@/test/client";
import { db } from "@/lib/db";

const expectEnvelope = (res: { status: number; body: any }, status: number, type: string, code: string) => {
  expect(res.status).toBe(status);
  expect(Object.keys(res.body)).toEqual(["error"]);
  expect(res.body.error).toMatchObject({ type, code, status });
  expect(typeof res.body.error.message).toBe("string");
};

describe("reference calls", () => {
  it("register → create key → the key authenticates a /v1 call", async () => {
    const t = await newTenant();
    expect(t.auth).toMatchObject({ object: "auth", token_type: "bearer", expires_in: 3600, tenant: { object: "tenant" }, user: { object: "user", role: "owner" } });
    expect(t.auth.tenant.id).toMatch(/^ten_/);
    expect(t.auth.user.id).toMatch(/^usr_/);
    expect(t.apiKey).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(t.key.publishable).toMatch(/^pk_test_/);
    const res = await call("GET", "/v1/networks", { token: t.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.data.find((n: any) => n.name === "polygon_amoy")).toMatchObject({ chain_id: 80002, testnet: true, rpc: "local" });
    expect(res.headers.get("request-id")).toMatch(/^req_/);
  });

  it("the access token does not open api-key routes and the API key does not open session routes", async () => {
    const t = await newTenant();
    expectEnvelope(await call("GET", "/v1/networks", { token: t.accessToken }), 401, "authentication_error", "api_key_required");
    expectEnvelope(await call("GET", "/v1/api_keys", { token: t.apiKey }), 401, "authentication_error", "access_token_required");
  });

  it("live keys are created on request and say so", async () => {
    const t = await newTenant();
    const live = await call("POST", "/v1/api_keys", { token: t.accessToken, body: { name: "prod", environment: "live" } });
    expect(live.status).toBe(201);
    expect(live.body.secret).toMatch(/^sk_live_/);
    expect(live.body.publishable).toMatch(/^pk_live_/);
  });
});

describe("error envelopes", () => {
  it("401 for missing, malformed, unknown and revoked credentials", async () => {
    const t = await newTenant();
    expectEnvelope(await call("GET", "/v1/networks"), 401, "authentication_error", "missing_credentials");
    expectEnvelope(await call("GET", "/v1/networks", { headers: { authorization: "Basic abc" } }), 401, "authentication_error", "invalid_authorization_header");
    expectEnvelope(await call("GET", "/v1/networks", { token: "sk_test_doesnotexist" }), 401, "authentication_error", "invalid_api_key");
    expectEnvelope(await call("GET", "/v1/api_keys", { token: "eyJhbGciOiJIUzI1NiJ9.e30.bad" }), 401, "authentication_error", "invalid_access_token");
    expectEnvelope(await call("GET", "/v1/networks", { token: t.key.publishable }), 401, "authentication_error", "publishable_key_not_allowed");
    const revoked = await call("DELETE", `/v1/api_keys/${t.key.id}`, { token: t.accessToken });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked).toBeTypeOf("number");
    expectEnvelope(await call("GET", "/v1/networks", { token: t.apiKey }), 401, "authentication_error", "invalid_api_key");
  });

  it("400 names the field; unknown fields, malformed JSON and 1 MB bodies are refused without effect", async () => {
    const t = await newTenant();
    const before = await db.apiKey.count({ where: { tenantId: t.auth.tenant.id } });
    const missing = await call("POST", "/v1/api_keys", { token: t.accessToken, body: { environment: "test" } });
    expectEnvelope(missing, 400, "invalid_request_error", "parameter_missing");
    expect(missing.body.error.param).toBe("name");
    const badEnum = await call("POST", "/v1/api_keys", { token: t.accessToken, body: { name: "x", environment: "prod" } });
    expectEnvelope(badEnum, 400, "invalid_request_error", "parameter_invalid");
    expect(badEnum.body.error.param).toBe("environment");
    const unknown = await call("POST", "/v1/api_keys", { token: t.accessToken, body: { name: "x", colour: "red" } });
    expectEnvelope(unknown, 400, "invalid_request_error", "parameter_unknown");
    expect(unknown.body.error.param).toBe("colour");
    expectEnvelope(await call("POST", "/v1/api_keys", { token: t.accessToken, rawBody: '{"name": ' }), 400, "invalid_request_error", "invalid_json");
    expectEnvelope(await call("POST", "/v1/api_keys", { token: t.accessToken, rawBody: "[1,2]" }), 400, "invalid_request_error", "invalid_request");
    const huge = JSON.stringify({ name: "x".repeat(1024 * 1024) });
    expectEnvelope(await call("POST", "/v1/api_keys", { token: t.accessToken, rawBody: huge }), 413, "invalid_request_error", "request_too_large");
    expect(await db.apiKey.count({ where: { tenantId: t.auth.tenant.id } })).toBe(before);
  });

  it("404 for unknown routes and other tenants' ids, 405 for unsupported methods", async () => {
    const a = await newTenant();
    const b = await newTenant();
    expectEnvelope(await call("GET", "/v1/nothing_here", { token: a.apiKey }), 404, "invalid_request_error", "route_not_found");
    expectEnvelope(await call("GET", `/v1/api_keys/${b.key.id}`, { token: a.accessToken }), 404, "invalid_request_error", "resource_missing");
    expectEnvelope(await call("DELETE", `/v1/api_keys/${b.key.id}`, { token: a.accessToken }), 404, "invalid_request_error", "resource_missing");
    expect((await call("GET", "/v1/networks", { token: b.apiKey })).status).toBe(200);
    const wrongMethod = await call("PUT", "/v1/networks", { token: a.apiKey });
    expectEnvelope(wrongMethod, 405, "invalid_request_error", "method_not_allowed");
    expect(wrongMethod.headers.get("allow")).toBe("GET");
  });
});

describe("rate limits", () => {
  it("101 rapid requests give exactly one 429 with its headers; another tenant is unaffected", async () => {
    const a = await newTenant();
    const b = await newTenant();
    // newTenant() spent one request of a's budget on creating the key
    const results = await Promise.all(Array.from({ length: 100 }, () => call("GET", "/v1/networks", { token: a.apiKey })));
    const limited = results.filter((r) => r.status === 429);
    expect(limited).toHaveLength(1);
    const r = limited[0];
    expectEnvelope(r, 429, "rate_limit_error", "rate_limit_exceeded");
    expect(r.headers.get("x-ratelimit-limit")).toBe("100");
    expect(r.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(r.headers.get("x-ratelimit-policy")).toBe("100;w=60");
    const retryAfter = Number(r.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(r.body.error.message).toContain(`${retryAfter} seconds`);
    expect(Number(r.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
    const ok = results.filter((x) => x.status === 200);
    expect(ok).toHaveLength(99);
    expect(ok.every((x) => x.headers.get("retry-after") === null)).toBe(true);
    const other = await call("GET", "/v1/networks", { token: b.apiKey });
    expect(other.status).toBe(200);
    expect(Number(other.headers.get("x-ratelimit-remaining"))).toBe(98);
  });

  it("/auth/register allows 10 per minute per client IP", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await call("POST", "/auth/register", { ip, body: { email: "not-an-email", password: "x", company_name: "c", full_name: "f" } });
      statuses.push(res.status);
      expect(res.headers.get("x-ratelimit-policy")).toBe("10;w=60");
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses[10]).toBe(429);
  });
});

describe("idempotency", () => {
  it("20 concurrent identical writes have one effect and 20 identical responses", async () => {
    const t = await newTenant();
    const body = { name: "idem", environment: "test", idempotency_key: "create-idem-1" };
    const results = await Promise.all(Array.from({ length: 20 }, () => call("POST", "/v1/api_keys", { token: t.accessToken, body })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(results.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(19);
    expect(await db.apiKey.count({ where: { tenantId: t.auth.tenant.id, name: "idem" } })).toBe(1);
    expect(await db.event.count({ where: { tenantId: t.auth.tenant.id, type: "api_key.created" } })).toBe(2);

    const mismatch = await call("POST", "/v1/api_keys", { token: t.accessToken, body: { ...body, name: "other" } });
    expectEnvelope(mismatch, 409, "idempotency_error", "idempotency_key_reused");
    expect(await db.apiKey.count({ where: { tenantId: t.auth.tenant.id } })).toBe(2);
  });

  it("keys are scoped per tenant", async () => {
    const a = await newTenant();
    const b = await newTenant();
    const body = { name: "shared", idempotency_key: "same-key" };
    const ra = await call("POST", "/v1/api_keys", { token: a.accessToken, body });
    const rb = await call("POST", "/v1/api_keys", { token: b.accessToken, body });
    expect(ra.status).toBe(201);
    expect(rb.status).toBe(201);
    expect(rb.headers.get("idempotent-replayed")).toBeNull();
    expect(ra.body.id).not.toBe(rb.body.id);
  });
});

describe("pagination", () => {
  it("45 items in pages of 20/20/5; a deleted cursor continues; limits outside 1..100 are refused", async () => {
    const t = await newTenant();
    for (let i = 0; i < 44; i++) {
      const r = await call("POST", "/v1/api_keys", { token: t.accessToken, body: { name: `k${i}` } });
      expect(r.status).toBe(201);
    }
    const pages = [];
    let cursor: string | undefined;
    do {
      const q = cursor ? `?limit=20&starting_after=${cursor}` : "?limit=20";
      const res = await call("GET", `/v1/api_keys${q}`, { token: t.accessToken });
      expect(res.status).toBe(200);
      pages.push(res.body);
      cursor = res.body.has_more ? res.body.data.at(-1).id : undefined;
    } while (cursor);
    expect(pages.map((p) => p.data.length)).toEqual([20, 20, 5]);
    expect(pages.map((p) => p.has_more)).toEqual([true, true, false]);
    expect(pages.every((p) => p.object === "list" && p.total === 45)).toBe(true);
    const ids = pages.flatMap((p) => p.data.map((k: any) => k.id));
    expect(new Set(ids).size).toBe(45);
    expect([...ids].sort().reverse()).toEqual(ids);
    expect(pages[0].data[0].secret).toBeUndefined();

    // delete the cursor item: the next page still starts right after it
    const cursorId = pages[0].data[19].id;
    await db.apiKey.delete({ where: { id: cursorId } });
    const after = await call("GET", `/v1/api_keys?limit=20&starting_after=${cursorId}`, { token: t.accessToken });
    expect(after.body.data.map((k: any) => k.id)).toEqual(pages[1].data.map((k: any) => k.id));
    expect(after.body.total).toBe(44);

    for (const limit of ["0", "101", "abc"]) {
      const bad = await call("GET", `/v1/api_keys?limit=${limit}`, { token: t.accessToken });
      expectEnvelope(bad, 400, "invalid_request_error", "parameter_invalid");
      expect(bad.body.error.param).toBe("limit");
    }
    const def = await call("GET", "/v1/api_keys", { token: t.accessToken });
    expect(def.body.data).toHaveLength(20);
  });
});
