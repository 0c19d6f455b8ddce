// Monthly windows (33.1): quotas count per month of the paid time, however far paid time stacks.
import { describe, expect, it } from "vitest";
import { db, pool } from "@/lib/db";
import { call, newTenant } from "@/test/client";
import { activatePlan, currentPlan } from "@/lib/billing/subscriptions";

const DAY_MS = 86_400_000;
const ADMIN = "admin-secret-for-window-tests-0123456789";

async function seedWrites(tenant: string, windowStart: Date, n: number) {
  await pool.query("INSERT INTO billing_chain_writes (tenant_id, period_start, writes, updated_at) VALUES ($1, $2::timestamptz AT TIME ZONE 'UTC', $3, now())", [tenant, windowStart.toISOString(), n]);
}

const usage = async (t: Awaited<ReturnType<typeof newTenant>>) => (await call("GET", "/v1/billing/usage", { token: t.accessToken })).body;

describe("monthly windows of paid time", () => {
  it("pay twice, then cross the first month's boundary: the counts reset (chain writes and API calls)", async () => {
    const t = await newTenant("Window");
    const tenantId = t.auth.tenant.id as string;
    for (let i = 0; i < 2; i++) await db.$transaction((tx) => activatePlan(tenantId, "growth", { source: "crypto" }, tx));
    // The two payments were made 40 days ago: move the paid span back (60 days from then), as time would.
    const paidAt = new Date(Date.now() - 40 * DAY_MS);
    await db.subscription.update({ where: { tenantId }, data: { currentPeriodStart: paidAt, currentPeriodEnd: new Date(paidAt.getTime() + 60 * DAY_MS) } });
    const plan = await currentPlan(tenantId);
    const secondMonth = new Date(Date.UTC(paidAt.getUTCFullYear(), paidAt.getUTCMonth() + 1, paidAt.getUTCDate(), paidAt.getUTCHours(), paidAt.getUTCMinutes(), paidAt.getUTCSeconds(), paidAt.getUTCMilliseconds()));
    expect(plan.windowStart.getTime()).toBe(secondMonth.getTime());
    expect(plan.periodStart.getTime()).toBe(paidAt.getTime());
    expect(plan.periodEnd.getTime()).toBe(paidAt.getTime() + 60 * DAY_MS);

    await seedWrites(tenantId, paidAt, 7); // the first month
    await seedWrites(tenantId, secondMonth, 2); // this one
    await pool.query("INSERT INTO billing_api_calls (tenant_id, period_start, calls, updated_at) VALUES ($1, $2, 500, now())", [tenantId, paidAt]);
    expect((await call("GET", "/v1/tokens", { token: t.apiKey })).status).toBe(200);
    const u = await usage(t);
    expect(u.plan).toBe("growth");
    expect(u.period_start).toBe(Math.floor(secondMonth.getTime() / 1000));
    expect(u.usage.chain_writes.used).toBe(2);
    expect(u.usage.api_calls.used).toBe(1);
  });

  it("admin activation with days: 365 keeps the limits monthly", async () => {
    process.env.BILLING_ADMIN_SECRET = ADMIN;
    try {
      const t = await newTenant("Yearly");
      const res = await call("POST", "/v1/billing/activate", { headers: { "x-admin-secret": ADMIN }, body: { tenant_id: t.auth.tenant.id, plan: "growth", days: 365, reason: "year" } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.subscription.current_period_end - res.body.subscription.current_period_start).toBeGreaterThan(364 * 86_400);
      const u = await usage(t);
      expect(u.period_end - u.period_start).toBeLessThanOrEqual(31 * 86_400);
      expect(u.period_end - u.period_start).toBeGreaterThanOrEqual(28 * 86_400);
    } finally {
      delete process.env.BILLING_ADMIN_SECRET;
    }
  });

  it("the key check's window (SQL) and currentPlan's agree at month ends (Jan 31 + 1 month = Feb 28)", async () => {
    const t = await newTenant("MonthEnd");
    const tenantId = t.auth.tenant.id as string;
    await db.subscription.create({ data: { tenantId, plan: "growth", source: "admin", currentPeriodStart: new Date("2027-01-31T10:00:00Z"), currentPeriodEnd: new Date("2027-05-01T00:00:00Z") } });
    const at = (iso: string) => currentPlan(tenantId, new Date(iso));
    expect((await at("2027-02-28T09:59:59Z")).windowStart.toISOString()).toBe("2027-01-31T10:00:00.000Z");
    expect((await at("2027-02-28T10:00:00Z")).windowStart.toISOString()).toBe("2027-02-28T10:00:00.000Z");
    expect((await at("2027-03-31T10:00:00Z")).windowStart.toISOString()).toBe("2027-03-31T10:00:00.000Z");
    expect((await at("2027-04-30T12:00:00Z")).windowEnd.toISOString()).toBe("2027-05-01T00:00:00.000Z");
  });
});
