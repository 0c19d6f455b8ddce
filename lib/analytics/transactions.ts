// Transactions requested per day of the period, by status and by kind, with the success rate and the
// median time from request to confirmation.
import { db, Prisma } from "@/lib/db";
import { addCount, coarseFirst, daysCte, rate, round, window, type Period, type Scope } from "./period";

interface Row {
  g: number; // GROUPING(day, status, kind)
  date: string | null;
  status: string | null;
  kind: string | null;
  n: number;
  confirmed: number;
  failed: number;
  median: number | null;
}

const DAY = 0b011, DAY_STATUS = 0b001, DAY_KIND = 0b010, ALL = 0b111, STATUS = 0b101, KIND = 0b110;

interface Figures {
  total: number;
  by_status: Record<string, number>;
  by_kind: Record<string, number>;
  success_rate: number | null;
  median_confirmation_seconds: number | null;
}

const figures = (row?: Row): Figures => ({
  total: row?.n ?? 0,
  by_status: {},
  by_kind: {},
  success_rate: row ? rate(row.confirmed, row.failed) : null,
  median_confirmation_seconds: round(row?.median ?? null),
});

const transactionRows = (scope: Scope, period: Period) =>
  db.$queryRaw<Row[]>(Prisma.sql`
    WITH ${daysCte(period)}
    SELECT GROUPING(days.day, x.status, x.kind)::int AS g, to_char(days.day, 'YYYY-MM-DD') AS date,
      x.status, x.kind, count(x.id)::int AS n,
      (count(x.id) FILTER (WHERE x.status = 'confirmed'))::int AS confirmed,
      (count(x.id) FILTER (WHERE x.status = 'failed'))::int AS failed,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM x.confirmed_at - x.created_at))
        FILTER (WHERE x.status = 'confirmed' AND x.confirmed_at IS NOT NULL) AS median
    FROM days LEFT JOIN transactions x
      ON x.tenant_id = ${scope.tenantId} AND x.livemode = ${scope.livemode}::boolean AND x.created_at >= days.day AND x.created_at < days.day + interval '1 day'
    GROUP BY GROUPING SETS ((days.day), (days.day, x.status), (days.day, x.kind), (), (x.status), (x.kind))`);

export async function transactionAnalytics(scope: Scope, period: Period) {
  const rows = await transactionRows(scope, period);
  const days = new Map<string, Figures & { date: string }>();
  let totals = figures();
  for (const row of coarseFirst(rows)) {
    if (row.g === ALL) totals = { ...figures(row), by_status: totals.by_status, by_kind: totals.by_kind };
    else if (row.g === STATUS) addCount(totals.by_status, row.status, row.n);
    else if (row.g === KIND) addCount(totals.by_kind, row.kind, row.n);
    else if (row.g === DAY) days.set(row.date!, { date: row.date!, ...figures(row) });
    else if (row.g === DAY_STATUS) addCount(days.get(row.date!)!.by_status, row.status, row.n);
    else if (row.g === DAY_KIND) addCount(days.get(row.date!)!.by_kind, row.kind, row.n);
  }
  const series = [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
  return { object: "transaction_analytics" as const, livemode: scope.livemode, ...window(period, series), ...totals, series };
}

