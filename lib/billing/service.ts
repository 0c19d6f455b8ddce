// The billing reads and the admin activation (routes under app/v1/billing). Card payments: ./stripe.
import { invalidRequest, notFound } from "@/lib/core/errors";
import { unixSeconds } from "@/lib/core/ids";
import { db } from "@/lib/db";
import { audit, type Admin } from "./admin";
import { PLANS, type Plan } from "@/lib/billing/plans";
import { type PlanId } from "@/lib/schemas/billing-core";
import { activatePlan, currentPlan, type CurrentPlan } from "./subscriptions";
import { LIMIT_OF, METRICS, usageOf, type Metric } from "@/lib/billing/quotas/usage";

export const serializePlan = (plan: Plan) => ({ object: "plan" as const, ...plan, id: plan.id as PlanId, stablecoin_decimals: 6 as const });

export const listPlans = () => ({ object: "list" as const, data: Object.values(PLANS).map(serializePlan), has_more: false });

export const serializeSubscription = (current: CurrentPlan) => ({
  object: "subscription" as const,
  plan: current.plan.id as PlanId,
  status: current.status as "active" | "past_due" | "canceled",
  source: current.source as "free" | "card" | "crypto" | "admin",
  current_period_start: unixSeconds(current.periodStart),
  current_period_end: unixSeconds(current.periodEnd),
  cancel_at_period_end: current.cancelAtPeriodEnd,
});

export const getSubscription = async (tenantId: string) => serializeSubscription(await currentPlan(tenantId));

export async function getUsage(tenantId: string) {
  const { plan, used, local } = await usageOf(tenantId);
  const usage = Object.fromEntries(METRICS.map((m) => [m, { used: used[m], limit: plan.plan.limits[LIMIT_OF[m]] as number | null }])) as Record<Metric, { used: number; limit: number | null }>;
  return {
    object: "billing_usage" as const,
    plan: plan.plan.id as PlanId,
    period_start: unixSeconds(plan.windowStart),
    period_end: unixSeconds(plan.windowEnd),
    usage,
    local,
  };
}

const DAY_MS = 86_400_000;

export interface ActivateInput {
  tenant_id: string;
  plan: PlanId;
  period_end?: number;
  days?: number;
  reason: string;
}

/** POST /v1/billing/activate: an admin switches a tenant's plan on by hand; the audit row commits with it. */
export async function adminActivate(admin: Admin, input: ActivateInput) {
  if (input.period_end !== undefined && input.days !== undefined) throw invalidRequest("parameter_invalid", "Give period_end or days, not both.", "days");
  const now = Date.now();
  let periodEnd: Date | undefined;
  if (input.period_end !== undefined) {
    if (input.period_end * 1000 <= now || input.period_end > 4_102_444_800) throw invalidRequest("parameter_invalid", "Invalid period_end: a unix time in the future (before 2100).", "period_end");
    periodEnd = new Date(input.period_end * 1000);
  } else if (input.days !== undefined) periodEnd = new Date(now + input.days * DAY_MS);
  const tenant = await db.tenant.findUnique({ where: { id: input.tenant_id }, select: { id: true } });
  if (!tenant) throw notFound("tenant", input.tenant_id);
  const row = await db.$transaction(async (tx) => {
    await activatePlan(input.tenant_id, input.plan, { source: input.plan === "free" ? "free" : "admin", periodEnd }, tx);
    return audit(admin, "billing.activate", {
      tenantId: input.tenant_id, target: input.plan,
      detail: { plan: input.plan, reason: input.reason, period_end: periodEnd ? unixSeconds(periodEnd) : null },
    }, tx);
  });
  return { object: "billing_activation" as const, tenant_id: input.tenant_id, audit_id: row.id, subscription: await getSubscription(input.tenant_id) };
}
