// How each webhook endpoint is doing over the last 7 days: its deliveries, how many did not succeed (failed,
// or being retried after a failed attempt), and whether it is failing now (a run of failed attempts since its
// last success). The webhooks page shows a failing endpoint as failing, with its error rate.
import { db, Prisma } from "@/lib/db";
import type { Scope } from "@/lib/core/scope";
import { rate } from "./period";

export interface EndpointHealth {
  deliveries: number;
  unsuccessful: number;
  /** unsuccessful / finished-or-retrying deliveries; null when none. */
  error_rate: number | null;
  /** Unix seconds of the first failed attempt of the current run, or null when the last attempt succeeded. */
  failing_since: number | null;
}

export async function endpointHealth(scope: Scope, endpointIds: string[]): Promise<Map<string, EndpointHealth>> {
  if (!endpointIds.length) return new Map();
  const rows = await db.$queryRaw<{ id: string; deliveries: number; succeeded: number; unsuccessful: number; failing_since: Date | null }[]>(Prisma.sql`
    SELECT e.id, e.failing_since,
      count(d.id)::int AS deliveries,
      (count(d.id) FILTER (WHERE d.status = 'succeeded'))::int AS succeeded,
      (count(d.id) FILTER (WHERE d.status = 'failed' OR (d.status = 'pending' AND d.attempts > 0)))::int AS unsuccessful
    FROM webhook_endpoints e
    LEFT JOIN webhook_deliveries d ON d.endpoint_id = e.id AND d.created_at >= now() - interval '7 days'
    WHERE e.tenant_id = ${scope.tenantId} AND e.livemode = ${scope.livemode} AND e.id IN (${Prisma.join(endpointIds)})
    GROUP BY e.id, e.failing_since`);
  return new Map(
    rows.map((r) => {
      const errors = rate(r.unsuccessful, r.succeeded);
      return [r.id, { deliveries: r.deliveries, unsuccessful: r.unsuccessful, error_rate: errors, failing_since: r.failing_since ? Math.floor(r.failing_since.getTime() / 1000) : null }];
    }),
  );
}
