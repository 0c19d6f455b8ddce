// POST /v1/billing/activate: the admin secret (X-Admin-Secret) is checked before anything else, in constant time;
// every activation leaves an audit row that never holds the secret.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { call, newTenant } from "@/test/client";

const SECRET = "the-admin-secret-0123456789abcdef";
beforeAll(() => {
  process.env.BILLING_ADMIN_SECRET = SECRET;
});
afterAll(() => {
  delete process.env.BILLING_ADMIN_SECRET;
});

const activate = (body: unknown, headers: Record<string, string> = { "x-admin-secret": SECRET }) => call("POST", "/v1/billing/activate", { body, headers });

describe("admin activation", () => {
  it("403 without the secret, with a wrong one of the same length, and when none is configured; nothing changes", async () => {
    const t = await newTenant("Admin");
    const body = { tenant_id: t.auth.tenant.id, plan: "growth", days: 30, reason: "support ticket 1" };
    const wrong = SECRET.slice(0, -1) + (SECRET.endsWith("f") ? "e" : "f");
    expect(wrong).toHaveLength(SECRET.length);
    const attempts: Record<string, string>[] = [{}, { "x-admin-secret": wrong }, { "x-admin-secret": "" }, { authorization: `Bearer ${SECRET}` }];
    for (const headers of attempts) {
      const res = await activate(body, headers);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ type: "permission_error", code: "admin_secret_invalid" });
    }
    // The secret is checked before the body: a stranger learns nothing of the schema.
    expect((await activate({ nonsense: true }, {})).status).toBe(403);
    delete process.env.BILLING_ADMIN_SECRET;
    try {
      expect((await activate(body)).status).toBe(403);
    } finally {
      process.env.BILLING_ADMIN_SECRET = SECRET;
    }
    expect((await call("GET", "/v1/billing/subscription", { token: t.accessToken })).body.plan).toBe("free");
    expect(await db.adminAuditLog.count({ where: { tenantId: t.auth.tenant.id } })).toBe(0);
  });

  it("activates the plan with the period asked for, audited without the secret; 404 for an unknown tenant", async () => {
    const t = await newTenant("Admin2");
    const tenantId = t.auth.tenant.id;
    const end = Math.floor(Date.now() / 1000) + 90 * 86_400;
    const res = await activate({ tenant_id: tenantId, plan: "enterprise", period_end: end, reason: "signed contract" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ object: "billing_activation", tenant_id: tenantId, subscription: { plan: "enterprise", source: "admin", current_period_end: end } });
    const rows = await db.adminAuditLog.findMany({ where: { tenantId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: res.body.audit_id, action: "billing.activate", target: "enterprise", detail: { plan: "enterprise", reason: "signed contract", period_end: end } });
    expect(JSON.stringify(rows[0])).not.toContain(SECRET);
    expect(rows[0].actor).toMatch(/^admin:[0-9a-f]{12}$/);
    expect((await call("GET", "/v1/billing/usage", { token: t.accessToken })).body.usage.chain_writes.limit).toBeNull();

    const unknown = await activate({ tenant_id: "ten_00000000000000000000000000", plan: "growth", reason: "x" });
    expect(unknown.status).toBe(404);
    expect((await activate({ tenant_id: tenantId, plan: "growth", period_end: 1000, reason: "x" })).status).toBe(400);
    expect((await activate({ tenant_id: tenantId, plan: "growth", period_end: end, days: 3, reason: "x" })).status).toBe(400);
    expect((await activate({ tenant_id: tenantId, plan: "platinum", reason: "x" })).status).toBe(400);
    expect(await db.adminAuditLog.count({ where: { tenantId } })).toBe(1);
  });
});
