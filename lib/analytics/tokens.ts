// Tokens created per day of the period, by status and by network.
import { db, Prisma } from "@/lib/db";
import { addCount, coarseFirst, daysCte, window, type Period, type Scope } from "./period";

interface Row {
  g: number; // GROUPING(day, status, network)
  date: string | null;
  status: string | null;
  network: string | null;
  n: number;
}

const DAY = 0b011, DAY_STATUS = 0b001, DAY_NETWORK = 0b010, ALL = 0b111, STATUS = 0b101, NETWORK = 0b110;

export async function tokenAnalytics(scope: Scope, period: Period) {
  const rows = await db.$queryRaw<Row[]>(Prisma.sql`
    WITH ${daysCte(period)}
    SELECT GROUPING(days.day, t.status, t.network)::int AS g, to_char(days.day, 'YYYY-MM-DD') AS date,
      t.status, t.network, count(t.id)::int AS n
    FROM days LEFT JOIN tokens t
      ON t.tenant_id = ${scope.tenantId} AND t.livemode = ${scope.livemode}::boolean AND t.created_at >= days.day AND t.created_at < days.day + interval '1 day'
    GROUP BY GROUPING SETS ((days.day), (days.day, t.status), (days.day, t.network), (), (t.status), (t.network))`);

  const days = new Map<string, { date: string; total: number; by_status: Record<string, number>; by_network: Record<string, number> }>();
  const totals = { total: 0, by_status: {} as Record<string, number>, by_network: {} as Record<string, number> };
  for (const row of coarseFirst(rows)) {
    if (row.g === ALL) totals.total = row.n;
    else if (row.g === STATUS) addCount(totals.by_status, row.status, row.n);
    else if (row.g === NETWORK) addCount(totals.by_network, row.network, row.n);
    else if (row.g === DAY) days.set(row.date!, { date: row.date!, total: row.n, by_status: {}, by_network: {} });
    else if (row.g === DAY_STATUS) addCount(days.get(row.date!)!.by_status, row.status, row.n);
    else if (row.g === DAY_NETWORK) addCount(days.get(row.date!)!.by_network, row.network, row.n);
  }
  const series = [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
  return { object: "token_analytics" as const, livemode: scope.livemode, ...window(period, series), ...totals, series };
}
