// The tenant's subscription: which plan applies now, and the one way a plan is switched on (card, crypto or
// admin all call activatePlan). A tenant without a row is on the free plan.
import { db, pool, Prisma, type Queryable } from "@/lib/db";
import { planOf, type Plan } from "@/lib/billing/plans";
import { type PlanId } from "@/lib/schemas/billing-core";

export type PlanSource = "free" | "card" | "crypto" | "admin";

const PERIOD_DAYS = 30;
const DAY_MS = 86_400_000;

export interface CurrentPlan {
  plan: Plan;
  status: string;
  source: string;
  /** The paid span (a card's billing period, or paid time stacked by credits); the calendar month on free. */
  periodStart: Date;
  periodEnd: Date;
  /** The monthly window of the span that holds now: what the monthly quotas count (see monthlyWindow). */
  windowStart: Date;
  windowEnd: Date;
  cancelAtPeriodEnd: boolean;
}

/** `at` plus `months` calendar months, the day clamped to the month's last day (PostgreSQL's `+ make_interval(months => n)`). */
function addMonths(at: Date, months: number): Date {
  const year = at.getUTCFullYear(), month = at.getUTCMonth() + months;
  const day = Math.min(at.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  return new Date(Date.UTC(year, month, day, at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds(), at.getUTCMilliseconds()));
}

/**
 * The monthly window of a paid span [start, end) that holds `now`: the span is cut into months from its start (same
 * day of the month, clamped to the month's last day, as Stripe's billing cycle does), the last one cut at the span's
 * end. Paid time stacks, monthly quotas stay monthly. Without a span (null start or end) the calendar month of `now`.
 * The rule; monthlyWindowSql is the same rule for the key check's periods CTE (subscriptions.test.ts holds them equal).
 */
export function monthlyWindow(start: Date | null, end: Date | null, now: Date): { start: Date; end: Date } {
  if (!start || !end) return calendarMonth(now);
  const months = (now.getUTCFullYear() - start.getUTCFullYear()) * 12 + now.getUTCMonth() - start.getUTCMonth();
  const index = months - (addMonths(start, months) > now ? 1 : 0);
  const monthEnd = addMonths(start, index + 1);
  return { start: addMonths(start, index), end: end < monthEnd ? end : monthEnd };
}

/** monthlyWindow as SQL expressions over the three (UTC timestamps without a zone). */
export function monthlyWindowSql(start: string, end: string, now: string) {
  const months = `((extract(year from ${now})::int - extract(year from ${start})::int) * 12 + extract(month from ${now})::int - extract(month from ${start})::int)`;
  const index = `(${months} - CASE WHEN ${start} + make_interval(months => ${months}) > ${now} THEN 1 ELSE 0 END)`;
  const noSpan = `(${start} IS NULL OR ${end} IS NULL)`;
  return {
    start: `CASE WHEN ${noSpan} THEN date_trunc('month', ${now}) ELSE ${start} + make_interval(months => ${index}) END`,
    end: `CASE WHEN ${noSpan} THEN date_trunc('month', ${now}) + interval '1 month' ELSE LEAST(${end}, ${start} + make_interval(months => ${index} + 1)) END`,
  };
}

/** The calendar month (UTC) holding `at`: the free plan's usage period. */
export function calendarMonth(at = new Date()) {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end };
}

// Timestamps are stored as UTC without a zone: read as timestamptz so they come back as the right instants.
const subscriptionSql = `SELECT plan, status, source, current_period_start AT TIME ZONE 'UTC' AS "currentPeriodStart",
  current_period_end AT TIME ZONE 'UTC' AS "currentPeriodEnd", cancel_at_period_end AS "cancelAtPeriodEnd"
  FROM subscriptions WHERE tenant_id = $1`;

/**
 * The plan in force for the tenant now. A paid period that ended without renewal falls back to free.
 * `client`: read on the caller's transaction (one round trip, no second connection of the pool it holds one of).
 */
export async function currentPlan(tenantId: string, now = new Date(), client: Queryable = pool): Promise<CurrentPlan> {
  const { rows } = await client.query(subscriptionSql, [tenantId]);
  const sub = rows[0] as { plan: string; status: string; source: string; currentPeriodStart: Date; currentPeriodEnd: Date | null; cancelAtPeriodEnd: boolean } | undefined;
  const paidAndCurrent = sub && sub.plan !== "free" && sub.status !== "canceled" && (!sub.currentPeriodEnd || sub.currentPeriodEnd > now);
  if (!sub || !paidAndCurrent) {
    const { start, end } = calendarMonth(now);
    return { plan: planOf("free"), status: "active", source: "free", periodStart: start, periodEnd: end, windowStart: start, windowEnd: end, cancelAtPeriodEnd: false };
  }
  const window = monthlyWindow(sub.currentPeriodStart, sub.currentPeriodEnd, now);
  return {
    plan: planOf(sub.plan),
    status: sub.status,
    source: sub.source,
    periodStart: sub.currentPeriodStart,
    periodEnd: sub.currentPeriodEnd ?? calendarMonth(now).end,
    windowStart: window.start,
    windowEnd: window.end,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
  };
}

export interface Activation {
  source: PlanSource;
  /** The end of the paid period; default 30 days from now (a renewal extends from the current end). */
  periodEnd?: Date;
  /** The start of the paid period when the payment processor says it (a card subscription's billing period); default as above. */
  periodStart?: Date;
  stripe?: { customerId?: string; subscriptionId?: string };
}

/**
 * Switches the tenant to `plan` at once. Renewing the same plan extends the period instead of restarting it: paid
 * time stacks, whatever the source. The source of the latest payment is the one in charge (`source`).
 */
export async function activatePlan(tenantId: string, plan: PlanId, activation: Activation, tx?: Prisma.TransactionClient): Promise<unknown> {
  if (!tx) return db.$transaction((own) => activatePlan(tenantId, plan, activation, own));
  // Credits of a tenant apply one after the other (read, then write): two at once both extend the period.
  await tx.$queryRaw`SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtextextended(${`billing-subscription:${tenantId}`}, 0))) AS locked`;
  const now = new Date();
  const existing = await tx.subscription.findUnique({ where: { tenantId } });
  const renewing = existing && existing.plan === plan && existing.status === "active" && existing.currentPeriodEnd && existing.currentPeriodEnd > now;
  let start = activation.periodStart ?? (renewing ? existing.currentPeriodStart : now);
  let end = plan === "free" ? null : (activation.periodEnd ?? new Date((renewing ? existing.currentPeriodEnd!.getTime() : now.getTime()) + PERIOD_DAYS * DAY_MS));
  // Paid time is never lost: Stripe's dates set the period only while the card alone paid for it. Once other time
  // is stacked (a crypto or admin credit), a card event adds only the card's newly paid time (its period beyond
  // the card's last known end) after the paid end, and never moves the paid end back.
  const cardAlone = existing?.source === "card" && (!existing.stripePeriodEnd || existing.stripePeriodEnd.getTime() === existing.currentPeriodEnd?.getTime());
  if (renewing && activation.source === "card" && activation.periodEnd && !cardAlone) {
    const from = Math.max((activation.periodStart ?? now).getTime(), existing.stripePeriodEnd?.getTime() ?? 0);
    start = existing.currentPeriodStart;
    end = new Date(existing.currentPeriodEnd!.getTime() + Math.max(0, activation.periodEnd.getTime() - from));
  }
  const data = {
    plan,
    status: "active",
    source: activation.source,
    currentPeriodStart: start,
    currentPeriodEnd: end,
    cancelAtPeriodEnd: false,
    ...(activation.stripe?.customerId ? { stripeCustomerId: activation.stripe.customerId } : {}),
    ...(activation.stripe?.subscriptionId ? { stripeSubscriptionId: activation.stripe.subscriptionId } : {}),
  };
  return tx.subscription.upsert({ where: { tenantId }, create: { tenantId, ...data }, update: data });
}

/**
 * CTE `periods` for a statement that has `k` (tenant_id per request): per tenant its plan and period in force.
 * It depends on `k` only, so the key check reads the plan before taking the rate-limit slots (the plan's
 * rate limit, see planRateLimitParams) and counts the calls after.
 */
const periodWindow = monthlyWindowSql("s.current_period_start", "s.current_period_end", "(now() AT TIME ZONE 'UTC')");
export const periodsCte = `periods AS (
  SELECT t.tenant_id, COALESCE(s.plan, 'free') AS plan, ${periodWindow.start} AS period_start, ${periodWindow.end} AS period_end
  FROM (SELECT DISTINCT tenant_id FROM k) t
  LEFT JOIN subscriptions s ON s.tenant_id = t.tenant_id AND s.plan <> 'free' AND s.status <> 'canceled'
    AND (s.current_period_end IS NULL OR s.current_period_end > now() AT TIME ZONE 'UTC')
)`;

