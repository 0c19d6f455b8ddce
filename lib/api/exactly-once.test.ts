// Creates of rows alone (no chain write) exactly once (issue 31): a request that fails after its row committed,
// retried with the same key, answers the first row (its secret shown again), never a second one; one that fails
// before anything committed lets the key go, and the retry runs anew.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { call, newTenant } from "@/test/client";
import { failingAfterCommit } from "@/test/exactly-once";

type T = Awaited<ReturnType<typeof newTenant>>;

describe("creates of rows alone, exactly once", () => {
  let t: T;
  let tenantId: string;
  beforeAll(async () => {
    t = await newTenant("Rows once");
    tenantId = t.auth.tenant.id;
  });

  const endpoint = (key: string) =>
    call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: { url: "https://example.com/once", events: ["token.deployed"] }, headers: { "idempotency-key": key } });
  const apiKey = (key: string) =>
    call("POST", "/v1/api_keys", { token: t.accessToken, body: { name: "once", environment: "test" }, headers: { "idempotency-key": key } });

  it("a webhook endpoint whose request failed after its commit is answered on retry, not created twice", async () => {
    const first = await failingAfterCommit("webhook_endpoint", () => endpoint("we-once-1"));
    expect(first.status).toBe(500);
    const retry = await endpoint("we-once-1");
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body.secret).toMatch(/^whsec_/);
    const rows = await db.webhookEndpoint.findMany({ where: { tenantId, url: "https://example.com/once" } });
    expect(rows.map((r) => r.id)).toEqual([retry.body.id]);
    const again = await endpoint("we-once-1");
    expect(again.body).toEqual(retry.body);
  });

  it("an API key whose request failed after its commit is answered on retry with its secret, not created twice", async () => {
    const before = await db.apiKey.count({ where: { tenantId } });
    const first = await failingAfterCommit("api_key", () => apiKey("key-once-1"));
    expect(first.status).toBe(500);
    const retry = await apiKey("key-once-1");
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body.secret).toMatch(/^sk_test_/);
    expect(await db.apiKey.count({ where: { tenantId } })).toBe(before + 1);
    const listed = await call("GET", "/v1/webhook_endpoints", { token: retry.body.secret }); // the replayed secret is the key's
    expect(listed.status).toBe(200);
  });

  it("a request that failed before anything committed lets the key go: the retry runs and creates one", async () => {
    const first = await failingAfterCommit("webhook_endpoint", () => endpoint("we-once-2"), "FAULT_BEFORE_COMMIT");
    expect(first.status).toBe(500);
    const count = await db.webhookEndpoint.count({ where: { tenantId } });
    const retry = await endpoint("we-once-2");
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(await db.webhookEndpoint.count({ where: { tenantId } })).toBe(count + 1);
  });

  it("a keyed batch whose operation creates rows alone answers, and replays, the batch (the operation's answer is not stored as the batch's)", async () => {
    const batch = () => call("POST", "/v1/batch", {
      token: t.apiKey,
      body: { operations: [{ method: "POST", path: "/v1/webhook_endpoints", body: { url: "https://example.com/in-batch", events: ["token.deployed"] } }] },
      headers: { "idempotency-key": "batch-rows-once-1" },
    });
    const first = await batch();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.results[0].status).toBe(201);
    const retry = await batch();
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect(await db.webhookEndpoint.count({ where: { tenantId, url: "https://example.com/in-batch" } })).toBe(1);
  });
});
