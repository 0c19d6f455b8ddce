// The tenant's subscription: which plan applies now, and the one way a plan is switched on (card, crypto or
// admin all call activatePlan). A tenant without a row is on the free plan.
import { db, Prisma } from "@/lib/db";
import { planOf, type Plan, type PlanId } from "./plans";

export type PlanSource = "free" | "card" | "crypto" | "admin";

const PERIOD_DAYS = 30;
const DAY_MS = 86_400_000;

export interface CurrentPlan {
  plan: Plan;
  status: string;
  source: string;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

/** The calendar month (UTC) holding `at`: the free plan's usage period. */
export function calendarMonth(at = new Date()) {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end };
}

/** The plan in force for the tenant now. A paid period that ended without renewal falls back to free. */
export async function currentPlan(tenantId: string, now = new Date()): Promise<CurrentPlan> {
  const sub = await db.subscription.findUnique({ where: { tenantId } });
  const paidAndCurrent = sub && sub.plan !== "free" && sub.status !== "canceled" && (!sub.currentPeriodEnd || sub.currentPeriodEnd > now);
  if (!sub || !paidAndCurrent) {
    const { start, end } = calendarMonth(now);
    return { plan: planOf("free"), status: "active", source: "free", periodStart: start, periodEnd: end, cancelAtPeriodEnd: false };
  }
  return {
    plan: planOf(sub.plan),
    status: sub.status,
    source: sub.source,
    periodStart: sub.currentPeriodStart,
    periodEnd: sub.currentPeriodEnd ?? calendarMonth(now).end,
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

/** Switches the tenant to `plan` at once. Renewing the same plan extends the period instead of restarting it. */
export async function activatePlan(tenantId: string, plan: PlanId, activation: Activation, tx: Prisma.TransactionClient = db) {
  const now = new Date();
  const existing = await tx.subscription.findUnique({ where: { tenantId } });
  const renewing = existing && existing.plan === plan && existing.status === "active" && existing.currentPeriodEnd && existing.currentPeriodEnd > now;
  const start = activation.periodStart ?? (renewing ? existing.currentPeriodStart : now);
  const end = plan === "free" ? null : (activation.periodEnd ?? new Date((renewing ? existing.currentPeriodEnd!.getTime() : now.getTime()) + PERIOD_DAYS * DAY_MS));
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
