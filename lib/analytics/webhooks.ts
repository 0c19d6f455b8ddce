// Webhook deliveries created per day of the period, by status, with the success rate and the 95th
// percentile of the endpoints' response time (last attempt).
import { db, Prisma } from "@/lib/db";
import { addCount, coarseFirst, daysCte, rate, round, window, type Period, type Scope } from "./period";

interface Row {
  g: number; // GROUPING(day, status)
  date: string | null;
  status: string | null;
  n: number;
  succeeded: number;
  /** Failed for good, or pending after a failed attempt (being retried): not a success so far. */
  unsuccessful: number;
  p95: number | null;
}

const DAY = 0b01, DAY_STATUS = 0b00, ALL = 0b11, STATUS = 0b10;

interface Figures {
  total: number;
  by_status: Record<string, number>;
  success_rate: number | null;
  p95_latency_ms: number | null;
}

const figures = (row?: Row): Figures => ({
  total: row?.n ?? 0,
  by_status: {},
  success_rate: row ? rate(row.succeeded, row.unsuccessful) : null,
  p95_latency_ms: round(row?.p95 ?? null, 1),
});

/**
 * Deliveries' created_at is timestamptz; days are UTC `timestamp`s, hence AT TIME ZONE 'UTC'. A delivery
 * has the mode of its endpoint (see Scope), so the deliveries of a mode are those to its endpoints.
 */
const deliveryRows = (scope: Scope, period: Period) =>
  db.$queryRaw<Row[]>(Prisma.sql`
    WITH ${daysCte(period)}
    SELECT GROUPING(days.day, w.status)::int AS g, to_char(days.day, 'YYYY-MM-DD') AS date, w.status,
      count(w.id)::int AS n,
      (count(w.id) FILTER (WHERE w.status = 'succeeded'))::int AS succeeded,
      (count(w.id) FILTER (WHERE w.status = 'failed' OR (w.status = 'pending' AND w.attempts > 0)))::int AS unsuccessful,
      percentile_cont(0.95) WITHIN GROUP (ORDER BY w.duration_ms) FILTER (WHERE w.duration_ms IS NOT NULL) AS p95
    FROM days LEFT JOIN (webhook_deliveries w JOIN webhook_endpoints e ON e.id = w.endpoint_id AND e.livemode = ${scope.livemode}::boolean)
      ON w.tenant_id = ${scope.tenantId}
      AND w.created_at >= (days.day AT TIME ZONE 'UTC') AND w.created_at < ((days.day + interval '1 day') AT TIME ZONE 'UTC')
    GROUP BY GROUPING SETS ((days.day), (days.day, w.status), (), (w.status))`);

export async function webhookAnalytics(scope: Scope, period: Period) {
  const rows = await deliveryRows(scope, period);
  const days = new Map<string, Figures & { date: string }>();
  let totals = figures();
  for (const row of coarseFirst(rows)) {
    if (row.g === ALL) totals = { ...figures(row), by_status: totals.by_status };
    else if (row.g === STATUS) addCount(totals.by_status, row.status, row.n);
    else if (row.g === DAY) days.set(row.date!, { date: row.date!, ...figures(row) });
    else if (row.g === DAY_STATUS) addCount(days.get(row.date!)!.by_status, row.status, row.n);
  }
  const series = [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
  return { object: "webhook_analytics" as const, livemode: scope.livemode, ...window(period, series), ...totals, series };
}

