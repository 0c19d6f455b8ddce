// Misuse prevented: secrets shown once (an API key's sk_…, a webhook endpoint's whsec_…) sitting in
// plaintext for 24 h in the replay store, where a database dump or backup would expose them; and a live
// request replaying a test-mode response under the same idempotency key.
import { describe, expect, it } from "vitest";
import { pool } from "@/lib/db";
import { call, newTenant } from "@/test/client";

/** Every text column of every row the tenant has in idempotency_records, as one string. */
async function storedText(tenantId: string) {
  const { rows: columns } = await pool.query(
    `SELECT column_name FROM information_schema.columns
     WHERE table_name = 'idempotency_records' AND data_type IN ('text', 'character varying', 'jsonb', 'json')`,
  );
  expect(columns.map((c) => c.column_name)).toContain("response_body");
  const list = columns.map((c) => `"${c.column_name}"::text`).join(" || ' ' || ");
  const { rows } = await pool.query(`SELECT ${list} AS text FROM idempotency_records WHERE tenant_id = $1`, [tenantId]);
  return rows.map((r) => r.text).join("\n");
}

describe("idempotency records", () => {
  it("hold no sk_/whsec_ secret at rest, and a replay still shows the secret", async () => {
    const t = await newTenant();
    const keyBody = { name: "idem secret", environment: "test", idempotency_key: "key-with-secret" };
    const key = await call("POST", "/v1/api_keys", { token: t.accessToken, body: keyBody });
    expect(key.body.secret).toMatch(/^sk_test_/);
    const hookBody = { url: "https://hooks.example.com/in", events: ["*"], idempotency_key: "hook-with-secret" };
    const hook = await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: hookBody });
    expect(hook.body.secret).toMatch(/^whsec_/);

    const stored = await storedText(t.auth.tenant.id);
    expect(stored).toContain("key-with-secret"); // the rows are there…
    expect(stored).not.toMatch(/sk_(test|live)_|whsec_/); // …without the secrets
    expect(stored).not.toContain(key.body.secret.slice(8));
    expect(stored).not.toContain(hook.body.secret.slice(6));

    const replayedKey = await call("POST", "/v1/api_keys", { token: t.accessToken, body: keyBody });
    expect(replayedKey.headers.get("idempotent-replayed")).toBe("true");
    expect(replayedKey.body).toEqual(key.body);
    const replayedHook = await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: hookBody });
    expect(replayedHook.headers.get("idempotent-replayed")).toBe("true");
    expect(replayedHook.body).toEqual(hook.body);
  });

  it("are scoped per mode: the same key with a live key and a test key gives two results", async () => {
    const t = await newTenant();
    const live = (await call("POST", "/v1/api_keys", { token: t.accessToken, body: { name: "live", environment: "live" } })).body.secret;
    const body = { url: "https://hooks.example.com/mode", events: ["*"], idempotency_key: "same-key-both-modes" };
    const asTest = await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body });
    const asLive = await call("POST", "/v1/webhook_endpoints", { token: live, body });
    expect([asTest.status, asLive.status]).toEqual([201, 201]);
    expect(asLive.headers.get("idempotent-replayed")).toBeNull();
    expect(asLive.body.id).not.toBe(asTest.body.id);
    expect([asTest.body.livemode, asLive.body.livemode]).toEqual([false, true]);
    const again = await call("POST", "/v1/webhook_endpoints", { token: live, body });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.id).toBe(asLive.body.id);
  });
});
