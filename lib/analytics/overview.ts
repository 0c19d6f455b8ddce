// The tenant at a glance, in one mode: tokens, transactions, webhook deliveries and events, in one statement.
// Events of no mode count in both modes; a delivery has its endpoint's mode (see Scope in ./period).
import { db, Prisma } from "@/lib/db";
import { periodDays, rate, round, type Period, type Scope } from "./period";

interface Row {
  start: string;
  end: string;
  tokens_total: number;
  tokens_deployed: number;
  tokens_created: number;
  tx_total: number;
  tx_confirmed: number;
  tx_failed: number;
  tx_median: number | null;
  endpoints: number;
  deliveries: number;
  succeeded: number;
  failed: number;
  retrying: number;
  p95: number | null;
  events: number;
}

export async function overview(scope: Scope, period: Period) {
  const { tenantId } = scope;
  const livemode = Prisma.sql`${scope.livemode}::boolean`;
  const [row] = await db.$queryRaw<Row[]>(Prisma.sql`
    WITH bounds AS (
      SELECT date_trunc('day', now() AT TIME ZONE 'UTC') - ${periodDays(period) - 1}::int * interval '1 day' AS start
    )
    SELECT to_char(bounds.start, 'YYYY-MM-DD') AS start, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "end",
      (SELECT count(*) FROM tokens WHERE tenant_id = ${tenantId} AND livemode = ${livemode})::int AS tokens_total,
      (SELECT count(*) FROM tokens WHERE tenant_id = ${tenantId} AND livemode = ${livemode} AND status = 'deployed')::int AS tokens_deployed,
      (SELECT count(*) FROM tokens WHERE tenant_id = ${tenantId} AND livemode = ${livemode} AND created_at >= bounds.start)::int AS tokens_created,
      x.total AS tx_total, x.confirmed AS tx_confirmed, x.failed AS tx_failed, x.median AS tx_median,
      (SELECT count(*) FROM webhook_endpoints WHERE tenant_id = ${tenantId} AND livemode = ${livemode} AND status = 'enabled')::int AS endpoints,
      w.total AS deliveries, w.succeeded, w.failed, w.retrying, w.p95,
      (SELECT count(*) FROM events WHERE tenant_id = ${tenantId} AND (livemode IS NULL OR livemode = ${livemode}) AND created_at >= bounds.start)::int AS events
    FROM bounds
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS total,
        (count(*) FILTER (WHERE status = 'confirmed'))::int AS confirmed,
        (count(*) FILTER (WHERE status = 'failed'))::int AS failed,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM confirmed_at - created_at))
          FILTER (WHERE status = 'confirmed' AND confirmed_at IS NOT NULL) AS median
      FROM transactions WHERE tenant_id = ${tenantId} AND livemode = ${livemode} AND created_at >= bounds.start
    ) x
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS total,
        (count(*) FILTER (WHERE d.status = 'succeeded'))::int AS succeeded,
        (count(*) FILTER (WHERE d.status = 'failed'))::int AS failed,
        (count(*) FILTER (WHERE d.status = 'pending' AND d.attempts > 0))::int AS retrying,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY d.duration_ms) FILTER (WHERE d.duration_ms IS NOT NULL) AS p95
      FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.livemode = ${livemode}
      WHERE d.tenant_id = ${tenantId} AND d.created_at >= (bounds.start AT TIME ZONE 'UTC')
    ) w`);
  return {
    object: "analytics_overview" as const,
    livemode: scope.livemode,
    period,
    start: row.start,
    end: row.end,
    tokens: { total: row.tokens_total, deployed: row.tokens_deployed, created: row.tokens_created },
    transactions: {
      total: row.tx_total,
      confirmed: row.tx_confirmed,
      failed: row.tx_failed,
      success_rate: rate(row.tx_confirmed, row.tx_failed),
      median_confirmation_seconds: round(row.tx_median),
    },
    webhooks: {
      enabled_endpoints: row.endpoints,
      deliveries: row.deliveries,
      succeeded: row.succeeded,
      failed: row.failed,
      retrying: row.retrying,
      // A delivery being retried has failed so far: "100 % succeeded" must not hide it.
      success_rate: rate(row.succeeded, row.failed + row.retrying),
      p95_latency_ms: round(row.p95, 1),
    },
    events: { total: row.events },
  };
}
