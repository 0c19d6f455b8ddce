// Connect analytics: the tenant's smart accounts and what they did, in the API key's mode, each in one
// statement. Days are UTC (lib/analytics/period.ts: the same periods and zero-filled day series as the
// platform's analytics). connect_accounts and connect_relay_operations keep UTC wall-clock timestamps,
// compared with the day bounds as they are.
//   overview    all-time counts of accounts, relay operations (by status, sponsored, gas paid), session
//               keys, recovery, passkeys, OAuth links and paymasters, plus what was created in the period
//   timeseries  accounts registered and operations recorded per day of the period
import { db, Prisma } from "@/lib/db";
import { daysCte, periodDays, rate, type Period } from "@/lib/analytics/period";
import type { Scope } from "@/lib/core/scope";

interface OverviewRow {
  start: string;
  end: string;
  accounts: number;
  accounts_created: number;
  accounts_by_chain: Record<string, number> | null;
  ops: number;
  ops_created: number;
  ops_by_status: Record<string, number> | null;
  ops_sponsored: number;
  gas_cost: string | null;
  sessions: number;
  sessions_revoked: number;
  sessions_expired: number;
  recovery_configs: number;
  recovery_requests: number;
  recovery_by_status: Record<string, number> | null;
  passkeys: number;
  passkey_accounts: number;
  oauth: number;
  oauth_by_provider: Record<string, number> | null;
  paymasters: number;
  paymasters_active: number;
}

/** `n` rows of `table` grouped by `column`, as a JSON object (null when there are none). */
const countsBy = (table: Prisma.Sql, column: Prisma.Sql, scope: Scope) => Prisma.sql`
  (SELECT jsonb_object_agg(k, n) FROM (
    SELECT ${column} AS k, count(*)::int AS n FROM ${table}
    WHERE tenant_id = ${scope.tenantId} AND livemode = ${scope.livemode}::boolean GROUP BY 1
  ) g)`;

export async function connectOverview(scope: Scope, period: Period) {
  const mine = Prisma.sql`tenant_id = ${scope.tenantId} AND livemode = ${scope.livemode}::boolean`;
  const [row] = await db.$queryRaw<OverviewRow[]>(Prisma.sql`
    WITH bounds AS (
      SELECT date_trunc('day', now() AT TIME ZONE 'UTC') - ${periodDays(period) - 1}::int * interval '1 day' AS start
    )
    SELECT to_char(bounds.start, 'YYYY-MM-DD') AS start, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "end",
      (SELECT count(*) FROM connect_accounts WHERE ${mine})::int AS accounts,
      (SELECT count(*) FROM connect_accounts WHERE ${mine} AND created_at >= bounds.start)::int AS accounts_created,
      ${countsBy(Prisma.sql`connect_accounts`, Prisma.sql`chain_id`, scope)} AS accounts_by_chain,
      r.total AS ops, r.created AS ops_created, r.sponsored AS ops_sponsored, r.gas_cost::text AS gas_cost,
      ${countsBy(Prisma.sql`connect_relay_operations`, Prisma.sql`status`, scope)} AS ops_by_status,
      s.total AS sessions, s.revoked AS sessions_revoked, s.expired AS sessions_expired,
      (SELECT count(*) FROM connect_recovery_configs WHERE ${mine})::int AS recovery_configs,
      (SELECT count(*) FROM connect_recovery_requests WHERE ${mine})::int AS recovery_requests,
      ${countsBy(Prisma.sql`connect_recovery_requests`, Prisma.sql`status`, scope)} AS recovery_by_status,
      (SELECT count(*) FROM connect_passkeys WHERE ${mine})::int AS passkeys,
      (SELECT count(DISTINCT account_id) FROM connect_passkeys WHERE ${mine})::int AS passkey_accounts,
      (SELECT count(*) FROM connect_oauth_links WHERE ${mine})::int AS oauth,
      ${countsBy(Prisma.sql`connect_oauth_links`, Prisma.sql`provider`, scope)} AS oauth_by_provider,
      (SELECT count(*) FROM connect_paymasters WHERE ${mine})::int AS paymasters,
      (SELECT count(*) FROM connect_paymasters WHERE ${mine} AND active)::int AS paymasters_active
    FROM bounds
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS total,
        (count(*) FILTER (WHERE created_at >= bounds.start))::int AS created,
        (count(*) FILTER (WHERE user_operation->>'paymaster' IS NOT NULL))::int AS sponsored,
        coalesce(sum(actual_gas_cost::numeric) FILTER (WHERE actual_gas_cost ~ '^[0-9]{1,78}$'), 0) AS gas_cost
      FROM connect_relay_operations WHERE ${mine}
    ) r
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS total,
        (count(*) FILTER (WHERE revoked_at IS NOT NULL))::int AS revoked,
        (count(*) FILTER (WHERE revoked_at IS NULL AND valid_until <= extract(epoch FROM now())::bigint))::int AS expired
      FROM connect_session_keys WHERE ${mine}
    ) s`);
  const byStatus = row.ops_by_status ?? {};
  return {
    object: "connect_analytics_overview" as const,
    livemode: scope.livemode,
    period,
    start: row.start,
    end: row.end,
    accounts: { total: row.accounts, created: row.accounts_created, by_chain: row.accounts_by_chain ?? {} },
    relay_operations: {
      total: row.ops,
      created: row.ops_created,
      by_status: byStatus,
      sponsored: row.ops_sponsored,
      success_rate: rate(byStatus.confirmed ?? 0, byStatus.failed ?? 0),
      gas_cost_wei: row.gas_cost ?? "0",
    },
    session_keys: {
      total: row.sessions,
      valid: row.sessions - row.sessions_revoked - row.sessions_expired,
      revoked: row.sessions_revoked,
      expired: row.sessions_expired,
    },
    recovery: { configured_accounts: row.recovery_configs, requests: row.recovery_requests, requests_by_status: row.recovery_by_status ?? {} },
    passkeys: { total: row.passkeys, accounts: row.passkey_accounts },
    oauth_links: { total: row.oauth, by_provider: row.oauth_by_provider ?? {} },
    paymasters: { total: row.paymasters, active: row.paymasters_active },
  };
}

interface DayRow {
  date: string;
  accounts: number;
  ops: number;
  by_status: Record<string, number> | null;
}

export async function connectTimeseries(scope: Scope, period: Period) {
  const mine = (alias: string) => Prisma.sql`${Prisma.raw(alias)}.tenant_id = ${scope.tenantId} AND ${Prisma.raw(alias)}.livemode = ${scope.livemode}::boolean`;
  const rows = await db.$queryRaw<DayRow[]>(Prisma.sql`
    WITH ${daysCte(period)}
    SELECT to_char(days.day, 'YYYY-MM-DD') AS date,
      (SELECT count(*) FROM connect_accounts a WHERE ${mine("a")} AND a.created_at >= days.day AND a.created_at < days.day + interval '1 day')::int AS accounts,
      coalesce(ops.n, 0)::int AS ops, ops.by_status
    FROM days
    LEFT JOIN LATERAL (
      SELECT sum(g.n) AS n, jsonb_object_agg(g.status, g.n) AS by_status FROM (
        SELECT r.status, count(*)::int AS n FROM connect_relay_operations r
        WHERE ${mine("r")} AND r.created_at >= days.day AND r.created_at < days.day + interval '1 day'
        GROUP BY r.status
      ) g
    ) ops ON true
    ORDER BY days.day`);
  const series = rows.map((r) => ({ date: r.date, accounts_created: r.accounts, relay_operations: r.ops, relay_by_status: r.by_status ?? {} }));
  return {
    object: "connect_analytics_timeseries" as const,
    livemode: scope.livemode,
    period,
    start: series[0].date,
    end: series[series.length - 1].date,
    accounts_created: series.reduce((sum, d) => sum + d.accounts_created, 0),
    relay_operations: series.reduce((sum, d) => sum + d.relay_operations, 0),
    series,
  };
}
