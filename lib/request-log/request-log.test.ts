// The request log as a tenant admin reads it: every /v1 request of the tenant once, failures included, with
// its bodies free of secrets, in the mode of the key that made it, for 7 days, and nobody else's.
import { describe, expect, it } from "vitest";
import { call, newTenant } from "@/test/client";
import { pool } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import { pruneRequestLogs } from "@/lib/retention/prune";
import { getRequest, listRequests } from "./list";
import { MAX_LOGGED_BODY_CHARS, requestLogWritten } from "./record";

const test = (tenantId: string) => ({ tenantId, livemode: false });
const live = (tenantId: string) => ({ tenantId, livemode: true });
const page = { limit: 100 };

async function logged(tenantId: string, requestId: string, livemode = false) {
  await requestLogWritten();
  return getRequest({ tenantId, livemode }, requestId);
}

describe("request log", () => {
  it("records each request once, after it was answered: method, path, query, status, latency, the key and the bodies", async () => {
    const t = await newTenant();
    const res = await call("GET", "/v1/events?limit=3", { token: t.apiKey });
    expect(res.status).toBe(200);
    const id = res.headers.get("request-id")!;
    const row = await logged(t.auth.tenant.id, id);
    expect(row).toMatchObject({ id, method: "GET", path: "/v1/events", query: "limit=3", status: 200, livemode: false, request_body: null });
    expect(row.duration_ms).toBeGreaterThanOrEqual(0);
    expect(row.actor).toEqual({ kind: "api_key", id: t.key.id, label: expect.stringMatching(/^test key \(sk_test_…\w{4}\)$/) });
    expect(JSON.parse(row.response_body!)).toMatchObject({ object: "list" });
    const all = await listRequests(test(t.auth.tenant.id), {}, page);
    expect(all.data.filter((r) => r.id === id)).toHaveLength(1);
  });

  it("records a refused request with its 4xx and the error it answered, and the idempotency key", async () => {
    const t = await newTenant();
    const res = await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: { url: "not a url", events: ["token.deployed"], idempotency_key: "idem-400" } });
    expect(res.status).toBe(400);
    const row = await logged(t.auth.tenant.id, res.headers.get("request-id")!);
    expect(row).toMatchObject({ method: "POST", path: "/v1/webhook_endpoints", status: 400, idempotency_key: "idem-400" });
    expect(JSON.parse(row.request_body!)).toMatchObject({ url: "not a url" });
    expect(JSON.parse(row.response_body!).error.status).toBe(400);
    const failures = await listRequests(test(t.auth.tenant.id), { status: "4xx" }, page);
    expect(failures.data.map((r) => r.id)).toEqual([row.id]);
    // The other POST of this tenant: its API key, created with the registering user's session (test/client newTenant).
    expect((await listRequests(test(t.auth.tenant.id), { status: "2xx", method: "post" }, page)).data.map((r) => r.path)).toEqual(["/v1/api_keys"]);
    expect((await listRequests(test(t.auth.tenant.id), { path: "WEBHOOK_end" }, page)).data.map((r) => r.id)).toEqual([row.id]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await listRequests(test(t.auth.tenant.id), { date: today, status: "4xx" }, page)).data).toHaveLength(1);
    expect((await listRequests(test(t.auth.tenant.id), { date: "2020-01-01" }, page)).data).toHaveLength(0);
  });

  it("keeps no secret: API key and webhook secrets, passwords, private keys and tokens are redacted in both bodies", async () => {
    const t = await newTenant();
    const tenantId = t.auth.tenant.id;
    // A console user's session creates an API key: the answer carries its secret.
    const key = await call("POST", "/v1/api_keys", { token: t.accessToken, body: { name: "ci", environment: "test" } });
    expect(key.status).toBe(201);
    const keyRow = await logged(tenantId, key.headers.get("request-id")!);
    expect(keyRow.actor.kind).toBe("user");
    expect(keyRow.response_body).not.toContain(key.body.secret);
    expect(JSON.parse(keyRow.response_body!)).toMatchObject({ id: key.body.id, secret: "[redacted]" });

    const endpoint = await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: { url: "https://example.com/hooks", events: ["token.deployed"] } });
    expect(endpoint.status).toBe(201);
    const endpointRow = await logged(tenantId, endpoint.headers.get("request-id")!);
    expect(endpointRow.response_body).not.toContain(endpoint.body.secret);
    expect(JSON.parse(endpointRow.response_body!).secret).toBe("[redacted]");

    // A paymaster import: a raw private key, a keystore and its password in the request.
    const privateKey = `0x${"ab".repeat(32)}`;
    const paymaster = await call("POST", "/v1/connect/paymasters/import-keystore", {
      token: t.apiKey,
      body: { network: "polygon_amoy", address: `0x${"11".repeat(20)}`, keystore_json: { version: 3, crypto: { ciphertext: "c0ffee" } }, keystore_password: "hunter2-password" },
    });
    const paymasterRow = await logged(tenantId, paymaster.headers.get("request-id")!);
    expect(paymasterRow.request_body).not.toContain("hunter2-password");
    expect(paymasterRow.request_body).not.toContain("c0ffee");
    expect(JSON.parse(paymasterRow.request_body!)).toMatchObject({ keystore_json: "[redacted]", keystore_password: "[redacted]" });
    const raw = await call("POST", "/v1/connect/paymasters", { token: t.apiKey, body: { network: "polygon_amoy", signer_private_key: privateKey } });
    expect((await logged(tenantId, raw.headers.get("request-id")!)).request_body).not.toContain(privateKey);

    // Tokens: an OAuth token in its field; a JWT, a secret key and a webhook secret pasted where no secret belongs.
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3IifQ.c2lnbmF0dXJl";
    const oauth = await call("POST", "/v1/connect/oauth/link", { token: t.apiKey, body: { oauth_token: "oauth-secret-value", signer: `0x${"22".repeat(20)}` } });
    expect((await logged(tenantId, oauth.headers.get("request-id")!)).request_body).not.toContain("oauth-secret-value");
    const pasted = await call("POST", "/v1/webhook_endpoints", {
      token: t.apiKey,
      body: { url: "https://example.com/x", events: ["token.deployed"], description: `${jwt} ${t.apiKey} whsec_c2VjcmV0c2VjcmV0` },
    });
    const pastedRow = await logged(tenantId, pasted.headers.get("request-id")!);
    for (const secret of [jwt, t.apiKey, "whsec_c2VjcmV0c2VjcmV0"]) {
      expect(pastedRow.request_body).not.toContain(secret);
      expect(pastedRow.response_body).not.toContain(secret);
    }
    expect(JSON.parse(pastedRow.request_body!).description).toBe("[redacted jwt] sk_test_[redacted] whsec_[redacted]");
  });

  it("cuts a large body after redacting it", async () => {
    const t = await newTenant();
    const res = await call("POST", "/v1/webhook_endpoints", {
      token: t.apiKey,
      body: { url: "https://example.com/big", events: ["token.deployed"], metadata: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, "v".repeat(499)])) },
    });
    const row = await logged(t.auth.tenant.id, res.headers.get("request-id")!);
    expect(row.request_body!.length).toBeLessThanOrEqual(MAX_LOGGED_BODY_CHARS + 20);
    expect(row.request_body).toMatch(/…\[truncated\]$/);
  });

  it("a batch is one request, its operations inside it", async () => {
    const t = await newTenant();
    await requestLogWritten();
    const before = (await listRequests(test(t.auth.tenant.id), {}, page)).total;
    const batch = await call("POST", "/v1/batch", {
      token: t.apiKey,
      body: { operations: [{ method: "GET", path: "/v1/events" }, { method: "GET", path: "/v1/webhook_endpoints" }] },
    });
    expect(batch.status).toBe(200);
    await requestLogWritten();
    const after = await listRequests(test(t.auth.tenant.id), {}, page);
    expect(after.total).toBe(before + 1);
    expect(after.data[0]).toMatchObject({ id: batch.headers.get("request-id"), path: "/v1/batch" });
  });

  it("shows a test key's request in test mode only, a live key's in live mode only, and another tenant's in neither", async () => {
    const a = await newTenant();
    const b = await newTenant();
    const liveKey = await call("POST", "/v1/api_keys", { token: a.accessToken, body: { name: "live", environment: "live" } });
    expect(liveKey.status).toBe(201);
    const testCall = await call("GET", "/v1/webhook_endpoints", { token: a.apiKey });
    const liveCall = await call("GET", "/v1/webhook_endpoints", { token: liveKey.body.secret });
    const testId = testCall.headers.get("request-id")!;
    const liveId = liveCall.headers.get("request-id")!;
    await requestLogWritten();
    const tenantId = a.auth.tenant.id;
    expect((await listRequests(test(tenantId), {}, page)).data.map((r) => r.id)).toContain(testId);
    expect((await listRequests(test(tenantId), {}, page)).data.map((r) => r.id)).not.toContain(liveId);
    expect((await listRequests(live(tenantId), {}, page)).data.map((r) => r.id)).toEqual([liveId]);
    await expect(getRequest(live(tenantId), testId)).rejects.toMatchObject({ status: 404 });
    await expect(getRequest(test(tenantId), liveId)).rejects.toMatchObject({ status: 404 });
    const foreign = getRequest(test(b.auth.tenant.id), testId);
    await expect(foreign).rejects.toBeInstanceOf(ApiError);
    await expect(foreign).rejects.toMatchObject({ status: 404 });
    expect((await listRequests(test(b.auth.tenant.id), {}, page)).data.map((r) => r.id)).not.toContain(testId);
  });

  it("stores a body answered again and again once a day", async () => {
    const t = await newTenant();
    const calls = await Promise.all([1, 2, 3].map(() => call("GET", "/v1/webhook_endpoints", { token: t.apiKey })));
    const rows = await Promise.all(calls.map((c) => logged(t.auth.tenant.id, c.headers.get("request-id")!)));
    expect(new Set(rows.map((r) => r.response_body))).toEqual(new Set([JSON.stringify(calls[0].body)]));
    const refs = await pool.query("SELECT DISTINCT response_body_id FROM api_request_logs WHERE id = ANY($1::text[])", [rows.map((r) => r.id)]);
    expect(refs.rows).toHaveLength(1);
    expect(refs.rows[0].response_body_id).toMatch(new RegExp(`^${new Date().toISOString().slice(0, 10)}:`));
  });

  it("keeps requests 7 days: the retention job prunes older ones, and the bodies of days no request is kept from", async () => {
    const t = await newTenant();
    const tenantId = t.auth.tenant.id;
    const ids = [`req_retention_old_${tenantId}`, `req_retention_new_${tenantId}`];
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const bodies = [`${day(9)}:${tenantId}`, `${day(7)}:${tenantId}`, `${day(6)}:${tenantId}`];
    await pool.query(
      `INSERT INTO api_request_logs (id, tenant_id, livemode, method, path, status, duration_ms, response_body_id, created_at)
       VALUES ($1, $3, false, 'GET', '/v1/events', 200, 1, $4, now() - interval '8 days 1 hour'),
              ($2, $3, false, 'GET', '/v1/events', 200, 1, $5, now() - interval '6 days 23 hours')`,
      [...ids, tenantId, bodies[0], bodies[2]],
    );
    await pool.query("INSERT INTO api_request_bodies (id, text) SELECT id, '{}' FROM unnest($1::text[]) id", [bodies]);
    expect(await pruneRequestLogs()).toBeGreaterThanOrEqual(1);
    const left = await pool.query("SELECT id FROM api_request_logs WHERE id = ANY($1::text[])", [ids]);
    expect(left.rows.map((r) => r.id)).toEqual([ids[1]]);
    // The day 7 days ago may still have requests (those of its last hours): its bodies stay.
    const kept = await pool.query("SELECT id FROM api_request_bodies WHERE id = ANY($1::text[]) ORDER BY id", [bodies]);
    expect(kept.rows.map((r) => r.id)).toEqual(bodies.slice(1));
  });
});
