// The tenant's subscription: concurrent credits each count (33.4); the monthly window's SQL is its TypeScript rule.
import { describe, expect, it } from "vitest";
import { db, pool } from "@/lib/db";
import { newTenant } from "@/test/client";
import { activatePlan, monthlyWindow, monthlyWindowSql } from "./subscriptions";

const DAY_MS = 86_400_000;

describe("activatePlan", () => {
  it("two credits at once (two crypto payments confirmed in one poll) give 60 days, not 30", async () => {
    const t = await newTenant("Credits");
    const tenantId = t.auth.tenant.id as string;
    const before = Date.now();
    await Promise.all([1, 2].map(() => db.$transaction((tx) => activatePlan(tenantId, "growth", { source: "crypto" }, tx))));
    const row = await db.subscription.findUniqueOrThrow({ where: { tenantId } });
    expect(row.plan).toBe("growth");
    const days = (row.currentPeriodEnd!.getTime() - before) / DAY_MS;
    expect(days).toBeGreaterThanOrEqual(60);
    expect(days).toBeLessThan(60.01);
  });
});

describe("monthlyWindowSql", () => {
  it("is monthlyWindow, on thousands of spans and instants (month ends, leap days, the span's last month, no span)", async () => {
    // A fixed pseudo-random walk (a failure reproduces), plus the days where clamping matters.
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const base = Date.UTC(2023, 0, 1);
    const instant = () => new Date(base + Math.floor(random() * 4 * 365 * DAY_MS));
    const edges = ["2024-01-31T10:00:00Z", "2024-02-29T23:59:59.999Z", "2023-03-31T00:00:00Z", "2024-08-30T12:00:00Z", "2023-12-31T23:00:00Z"].map((d) => new Date(d));
    const cases: [Date, Date | null, Date][] = [];
    for (let i = 0; i < 3_000; i++) {
      const start = i % 3 === 0 ? edges[i % edges.length] : instant();
      const end = i % 50 === 0 ? null : new Date(start.getTime() + Math.floor(random() * 400 * DAY_MS) + 1);
      const now = new Date(start.getTime() + Math.floor(random() * ((end ?? start).getTime() - start.getTime() + 40 * DAY_MS)));
      cases.push([start, end, now]);
    }
    const w = monthlyWindowSql("(d.s AT TIME ZONE 'UTC')", "(d.e AT TIME ZONE 'UTC')", "(d.n AT TIME ZONE 'UTC')");
    const { rows } = await pool.query(
      `SELECT (${w.start}) AT TIME ZONE 'UTC' AS start, (${w.end}) AT TIME ZONE 'UTC' AS end
       FROM unnest($1::timestamptz[], $2::timestamptz[], $3::timestamptz[]) WITH ORDINALITY AS d(s, e, n, i) ORDER BY d.i`,
      [cases.map(([s]) => s), cases.map(([, e]) => e), cases.map(([, , n]) => n)],
    );
    const mismatches = cases
      .map(([start, end, now], i) => ({ start, end, now, ts: monthlyWindow(start, end, now), sql: { start: rows[i].start as Date, end: rows[i].end as Date } }))
      .filter(({ ts, sql }) => ts.start.getTime() !== sql.start.getTime() || ts.end.getTime() !== sql.end.getTime());
    expect(mismatches.slice(0, 3)).toEqual([]);
    expect(rows).toHaveLength(cases.length);
  });
});
