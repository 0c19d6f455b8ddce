// API calls per period: counted by the statement that checks API keys and takes their rate-limit slots
// (lib/api/credentials), in one more CTE, so a request costs no extra round trip and no row of its own: one
// counter row per tenant and period (billing_api_calls), incremented by the requests the rate limiter admitted.
// The period is the monthly window in force, decided in SQL by the same rule as currentPlan (./subscriptions:
// monthlyWindowSql, tested against monthlyWindow): the month of the paid span that holds now, else the calendar month (UTC). Requests made with a session (the console) are not API
// calls. A batch (lib/batch) takes one rate-limit slot but counts each of its operations as an API call: the
// batch request is counted here like any other, and each operation after its first by countBatchOperation. Requests answered 402 for this quota still count:
// they reached the API. The counter is written on the metering connections (synchronous_commit off): a crash
// may lose the last instants' counts, never add any.
import { ApiError } from "@/lib/core/errors";
import { meteringPool } from "@/lib/db";
import { quotaExceeded, quotasEnforced } from "@/lib/billing/quotas/service";
import { PLANS, planOf, type Plan } from "@/lib/billing/plans";
import { periodsCte, type CurrentPlan } from "@/lib/billing/subscriptions";

export { periodsCte };

/**
 * CTEs `counted` and `api_calls` for a statement that has `periods` (above) and `rl` (the rate-limit rows,
 * key = `<policy>:<tenant_id>`, granted); `$p` is the policy name. `api_calls` returns per tenant its plan,
 * period start and end, and its calls after this statement.
 */
export const apiCallsCte = (p: number) => `counted AS (
  INSERT INTO billing_api_calls AS c (tenant_id, period_start, calls, updated_at)
  SELECT p.tenant_id, p.period_start, r.granted, now() AT TIME ZONE 'UTC'
  FROM periods p JOIN rl r ON r.key = $${p} || ':' || p.tenant_id
  WHERE r.granted > 0
  ORDER BY p.tenant_id
  ON CONFLICT (tenant_id, period_start) DO UPDATE SET calls = c.calls + excluded.calls, updated_at = excluded.updated_at
  RETURNING c.tenant_id, c.calls
),
api_calls AS (
  SELECT p.tenant_id, p.plan, p.period_start, p.period_end, COALESCE(c.calls, 0) AS calls
  FROM periods p LEFT JOIN counted c ON c.tenant_id = p.tenant_id
)`;

/**
 * Parameters for the key check's plan → rate limit lookup, from the plans table (never a copy of it): the plan
 * ids, their rate_limit_per_minute, and the limit of a plan id not in the table (planOf reads it as free).
 * `override` (RATE_LIMIT_GENERAL_PER_MINUTE, or another policy's limit) replaces every plan's limit.
 */
export function planRateLimitParams(override: number | null): [ids: string[], limits: number[], fallback: number] {
  const plans = Object.values(PLANS);
  const limitOf = (plan: Plan) => override ?? plan.limits.rate_limit_per_minute;
  return [plans.map((plan) => plan.id), plans.map(limitOf), limitOf(planOf(""))];
}

export interface ApiCallsRow {
  plan: string;
  period_start: Date;
  period_end: Date;
  calls: number;
  granted: number;
}

/**
 * The 402 for the `rank`-th admitted request of a tenant in the statement when it goes beyond the plan's API
 * calls; null when it fits (or quotas are off, or the plan has no such limit).
 */
export function apiCallsRefusal(row: ApiCallsRow, rank: number): ApiError | null {
  if (!quotasEnforced()) return null;
  const plan = planOf(row.plan);
  const limit = plan.limits.api_calls_per_month;
  if (limit === null) return null;
  const position = Number(row.calls) - Number(row.granted) + rank; // this request's place in the period's count
  if (position <= limit) return null;
  const current: CurrentPlan = {
    plan, status: "active", source: "", periodStart: new Date(row.period_start), periodEnd: new Date(row.period_end),
    windowStart: new Date(row.period_start), windowEnd: new Date(row.period_end), cancelAtPeriodEnd: false,
  };
  return quotaExceeded("api_calls", current, "api_calls_per_month", position - 1);
}

// One more API call of the tenant in its current window (an operation of a batch), in one statement.
const countOperationSql = `WITH k AS (SELECT $1::text AS tenant_id),
${periodsCte},
counted AS (
  INSERT INTO billing_api_calls AS c (tenant_id, period_start, calls, updated_at)
  SELECT tenant_id, period_start, 1, now() AT TIME ZONE 'UTC' FROM periods
  ON CONFLICT (tenant_id, period_start) DO UPDATE SET calls = c.calls + 1, updated_at = excluded.updated_at
  RETURNING c.calls
)
SELECT p.plan, p.period_start, p.period_end, c.calls, 1 AS granted FROM periods p CROSS JOIN counted c`;

/** Counts one operation of an API-key batch toward the monthly API calls; the 402 for it when beyond the plan's. */
export async function countBatchOperation(tenantId: string): Promise<ApiError | null> {
  const { rows } = await meteringPool.query<ApiCallsRow>(countOperationSql, [tenantId]);
  return apiCallsRefusal(rows[0], 1);
}
