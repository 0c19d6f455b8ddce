// Card payments through Stripe (the official SDK): Checkout for an upgrade, the customer portal, invoices, and the
// inbound webhook that switches plans on. Configuration (README, Billing):
//   STRIPE_SECRET_KEY        without it checkout and portal answer 503 billing_unavailable and invoices are empty;
//   STRIPE_WEBHOOK_SECRET    whsec_… of the webhook endpoint; without it POST /v1/billing/webhook answers 503;
//   STRIPE_PRICE_<PLAN>      e.g. STRIPE_PRICE_GROWTH=price_…, the recurring monthly price of a plan; without it the
//                            checkout carries the price inline (price_data from lib/billing/plans.ts);
//   STRIPE_API_BASE          another API address (a local stand-in in tests, stripe-mock), e.g. http://127.0.0.1:12111.
import Stripe from "stripe";
import { ApiError, invalidRequest } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { db, Prisma } from "@/lib/db";
import { isPlanId, PLANS } from "@/lib/billing/plans";
import { type PlanId } from "@/lib/schemas/billing-core";
import { activatePlan } from "@/lib/billing/subscriptions";
import { audit } from "@/lib/observability/audit";
import { claimAnswerTarget, type AnswerTarget } from "@/lib/core/idempotency-context";
import { createHash } from "node:crypto";

export const unavailable = (what: string) =>
  new ApiError(503, "api_error", "billing_unavailable", `${what} is not available: card payments are not configured on this server (STRIPE_SECRET_KEY). Crypto checkout works: POST /v1/billing/crypto_checkout.`);

let cached: { config: string; client: Stripe } | undefined;

/** The SDK client for the configured key (and API address), or null without STRIPE_SECRET_KEY. */
export function stripeClient(): Stripe | null {
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key) return null;
  const base = process.env.STRIPE_API_BASE;
  const config = `${key}\n${base ?? ""}`;
  if (cached?.config !== config) {
    const url = base ? new URL(base) : undefined;
    cached = {
      config,
      client: new Stripe(key, {
        maxNetworkRetries: 2,
        timeout: 15_000,
        appInfo: { name: "token-platform-billing" },
        ...(url && { host: url.hostname, port: Number(url.port || (url.protocol === "http:" ? 80 : 443)), protocol: url.protocol === "http:" ? "http" : "https" }),
      }),
    };
  }
  return cached.client;
}

/** A processor failure (network, API error) on a tenant's request: 503, not a 500 with internals. */
/** One Stripe idempotency key per call of a request key (tenant, mode, key): the same on the client's retries. */
const stripeKeyOf = (call: string, { tenantId, livemode, key }: AnswerTarget) =>
  `${call}-${createHash("sha256").update(`${tenantId}\n${livemode}\n${key}`).digest("hex")}`;

function processorError(error: unknown): never {
  if (error instanceof ApiError) throw error;
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    // The key came back with other parameters after an attempt that failed (so ours no longer held them).
    throw new ApiError(409, "idempotency_error", "idempotency_key_reused", "This idempotency_key was already used with different parameters. Use a new key for a new request.", "idempotency_key");
  }
  if (error instanceof Stripe.errors.StripeError) {
    throw new ApiError(503, "api_error", "billing_unavailable", `The payment processor did not complete the request (${error.type}${error.code ? `: ${error.code}` : ""}). Try again later.`);
  }
  throw error;
}

const priceIdOf = (plan: PlanId) => process.env[`STRIPE_PRICE_${plan.toUpperCase()}`] || undefined;

/** The plan a Stripe price id stands for (STRIPE_PRICE_<PLAN>), if any. */
function planOfPrice(priceId: string | undefined | null): PlanId | undefined {
  if (!priceId) return undefined;
  return (Object.keys(PLANS) as PlanId[]).find((plan) => priceIdOf(plan) === priceId);
}

/** The tenant's Stripe customer: the one on its subscription row, else a new one (one per tenant, even under concurrency). */
async function customerOf(stripe: Stripe, tenantId: string): Promise<string> {
  const sub = await db.subscription.findUnique({ where: { tenantId }, select: { stripeCustomerId: true } });
  if (sub?.stripeCustomerId) return sub.stripeCustomerId;
  const tenant = await db.tenant.findUnique({ where: { id: tenantId }, select: { companyName: true } });
  // The idempotency key makes two concurrent first checkouts of a tenant get the same customer.
  const customer = await stripe.customers.create({ name: tenant?.companyName ?? undefined, metadata: { tenant_id: tenantId } }, { idempotencyKey: `customer-${tenantId}` });
  await db.subscription.upsert({ where: { tenantId }, create: { tenantId, stripeCustomerId: customer.id }, update: { stripeCustomerId: customer.id } });
  return customer.id;
}

export interface CheckoutInput {
  plan: string;
  success_url?: string;
  cancel_url?: string;
}

function planToBuy(planId: string): PlanId {
  if (!isPlanId(planId)) throw invalidRequest("parameter_invalid", `Unknown plan '${planId}': see GET /v1/billing/plans.`, "plan");
  const plan = PLANS[planId];
  if (plan.contact_sales) throw invalidRequest("contact_sales", `The ${plan.name} plan has no self-service checkout: contact sales for a contract.`, "plan");
  if (!plan.price_usd_cents) throw invalidRequest("plan_not_purchasable", `The ${plan.name} plan is free: nothing to pay.`, "plan");
  return planId;
}

/** POST /v1/billing/checkout: a Stripe Checkout session for a monthly subscription to `plan`. */
export async function createCheckout(tenantId: string, input: CheckoutInput, appUrl: string) {
  const planId = planToBuy(input.plan);
  const stripe = stripeClient();
  if (!stripe) throw unavailable("Card checkout");
  const sub = await db.subscription.findUnique({ where: { tenantId } });
  if (sub && sub.source === "card" && sub.plan === planId && sub.status !== "canceled" && sub.stripeSubscriptionId && (!sub.currentPeriodEnd || sub.currentPeriodEnd > new Date())) {
    throw invalidRequest("already_subscribed", `You already pay for the ${PLANS[planId].name} plan by card: manage it with POST /v1/billing/portal.`, "plan");
  }
  const plan = PLANS[planId];
  const priceId = priceIdOf(planId);
  const metadata = { tenant_id: tenantId, plan: planId };
  try {
    const customer = await customerOf(stripe, tenantId);
    // Under the request's Idempotency-Key, every try of this session (the SDK's retries and the client's own,
    // after an answer was lost) carries one Stripe key, so Stripe answers the session it made the first time.
    const requestKey = claimAnswerTarget()?.target;
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: tenantId,
      metadata,
      subscription_data: { metadata },
      line_items: [
        priceId
          ? { price: priceId, quantity: 1 }
          : {
              quantity: 1,
              price_data: { currency: "usd", unit_amount: plan.price_usd_cents!, recurring: { interval: "month" }, product_data: { name: `${plan.name} plan` } },
            },
      ],
      success_url: input.success_url ?? `${appUrl}/console/billing?checkout=success`,
      cancel_url: input.cancel_url ?? `${appUrl}/console/billing?checkout=cancelled`,
    }, requestKey ? { idempotencyKey: stripeKeyOf("checkout", requestKey) } : undefined);
    await audit(tenantId, "billing.checkout_started", { target: planId, detail: { method: "card", session: session.id } });
    return {
      object: "billing_checkout_session" as const,
      id: session.id,
      plan: planId,
      url: session.url ?? null,
      expires_at: session.expires_at ?? null,
    };
  } catch (error) {
    processorError(error);
  }
}

/** POST /v1/billing/portal: a customer-portal session (update the card, change or cancel the subscription, invoices). */
export async function createPortal(tenantId: string, input: { return_url?: string }, appUrl: string) {
  const stripe = stripeClient();
  if (!stripe) throw unavailable("The customer portal");
  const sub = await db.subscription.findUnique({ where: { tenantId }, select: { stripeCustomerId: true } });
  if (!sub?.stripeCustomerId) {
    throw invalidRequest("no_billing_customer", "You have no card billing yet: subscribe first with POST /v1/billing/checkout.");
  }
  try {
    const session = await stripe.billingPortal.sessions.create({ customer: sub.stripeCustomerId, return_url: input.return_url ?? `${appUrl}/console/billing` });
    return { object: "billing_portal_session" as const, id: session.id, url: session.url };
  } catch (error) {
    processorError(error);
  }
}

const serializeInvoice = (invoice: Stripe.Invoice) => ({
  object: "invoice" as const,
  id: invoice.id ?? "",
  number: invoice.number ?? null,
  status: invoice.status ?? null,
  currency: invoice.currency,
  amount_due: String(invoice.amount_due),
  amount_paid: String(invoice.amount_paid),
  created: invoice.created,
  period_start: invoice.period_start,
  period_end: invoice.period_end,
  hosted_invoice_url: invoice.hosted_invoice_url ?? null,
  invoice_pdf: invoice.invoice_pdf ?? null,
});

/** GET /v1/billing/invoices: the tenant's invoices at Stripe, newest first; an empty list without Stripe or a customer. */
export async function listInvoices(tenantId: string, params: { limit: number; starting_after?: string }) {
  const empty = { object: "list" as const, data: [], has_more: false };
  const stripe = stripeClient();
  if (!stripe) return empty;
  const sub = await db.subscription.findUnique({ where: { tenantId }, select: { stripeCustomerId: true } });
  if (!sub?.stripeCustomerId) return empty;
  try {
    const page = await stripe.invoices.list({ customer: sub.stripeCustomerId, limit: params.limit, ...(params.starting_after && { starting_after: params.starting_after }) });
    return { object: "list" as const, data: page.data.map(serializeInvoice), has_more: page.has_more };
  } catch (error) {
    // Another customer's (or an unknown) invoice id as the cursor is an invalid request at Stripe: the caller's mistake.
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.param === "starting_after") {
      throw invalidRequest("parameter_invalid", "Invalid starting_after: not one of your invoices.", "starting_after");
    }
    processorError(error);
  }
}

// ---------- the inbound webhook ----------

const badSignature = (detail: string) => invalidRequest("invalid_signature", `The Stripe-Signature header does not verify: ${detail}`);

/** Verifies the event with the SDK (signature over the raw body, 5-minute tolerance). */
export function verifyEvent(rawBody: string, signature: string | null): Stripe.Event {
  const secret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new ApiError(503, "api_error", "billing_unavailable", "Stripe events are not accepted: STRIPE_WEBHOOK_SECRET is not set on this server.");
  if (!signature) throw badSignature("the header is missing.");
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw badSignature(error.message);
    throw badSignature("the payload is not a Stripe event.");
  }
}

/** Whether the event verifies (the webhook route's exemption from the per-IP bucket: RouteOptions.signed). */
export function isSignedEvent(rawBody: string, request: Request): boolean {
  try {
    verifyEvent(rawBody, request.headers.get("stripe-signature"));
    return true;
  } catch {
    return false;
  }
}

type Tx = Prisma.TransactionClient;
type Loose = Record<string, any>; // event payloads, read defensively across API versions

const idOf = (value: unknown): string | undefined => (typeof value === "string" ? value : (value as { id?: string } | null)?.id ?? undefined);
const at = (seconds: unknown) => (typeof seconds === "number" && seconds > 0 ? new Date(seconds * 1000) : undefined);

/** The tenant an object belongs to: its metadata, else the customer or subscription on a tenant's row. */
async function tenantOf(tx: Tx, refs: { metadata?: Loose | null; customer?: unknown; subscription?: unknown }): Promise<string | undefined> {
  const fromMetadata = refs.metadata?.tenant_id;
  if (typeof fromMetadata === "string" && (await tx.tenant.findUnique({ where: { id: fromMetadata }, select: { id: true } }))) return fromMetadata;
  const subscriptionId = idOf(refs.subscription);
  if (subscriptionId) {
    const row = await tx.subscription.findUnique({ where: { stripeSubscriptionId: subscriptionId }, select: { tenantId: true } });
    if (row) return row.tenantId;
  }
  const customerId = idOf(refs.customer);
  if (customerId) {
    const row = await tx.subscription.findUnique({ where: { stripeCustomerId: customerId }, select: { tenantId: true } });
    if (row) return row.tenantId;
  }
  return undefined;
}

const STATUS: Record<string, string> = { active: "active", trialing: "active", past_due: "past_due", unpaid: "past_due", canceled: "canceled", incomplete_expired: "canceled" };

/** A subscription's plan (its price, else its metadata) and period (on its item since API 2025-03, else on it). */
function subscriptionFacts(subscription: Loose) {
  const item = subscription.items?.data?.[0] ?? {};
  const plan = planOfPrice(item.price?.id) ?? (isPlanId(subscription.metadata?.plan ?? "") ? (subscription.metadata.plan as PlanId) : undefined);
  return {
    plan,
    periodStart: at(item.current_period_start ?? subscription.current_period_start),
    periodEnd: at(item.current_period_end ?? subscription.current_period_end),
  };
}

async function onCheckoutCompleted(tx: Tx, session: Loose) {
  if (session.mode !== "subscription" || !["paid", "no_payment_required"].includes(session.payment_status)) return "ignored";
  const tenantId = await tenantOf(tx, { metadata: session.metadata, customer: session.customer });
  const plan = session.metadata?.plan;
  if (!tenantId || !isPlanId(plan) || PLANS[plan].contact_sales) return "ignored";
  // Stripe does not order its events: when the first invoice.paid came first, the plan and its exact period are set
  // already, and activating again would extend the period as a renewal.
  const row = await tx.subscription.findUnique({ where: { tenantId } });
  const subscriptionId = idOf(session.subscription);
  // The plan already paid (by this card's first invoice, or by crypto or an admin): the card's invoices add its time.
  if (row?.plan === plan && row.status === "active" && row.currentPeriodEnd && row.currentPeriodEnd > new Date()) {
    if (subscriptionId && row.stripeSubscriptionId !== subscriptionId) {
      await tx.subscription.update({ where: { tenantId }, data: { stripeSubscriptionId: subscriptionId, stripeCustomerId: idOf(session.customer) ?? row.stripeCustomerId } });
    }
    return "already_active";
  }
  await activatePlan(tenantId, plan, { source: "card", stripe: { customerId: idOf(session.customer), subscriptionId } }, tx);
  return "activated";
}

/**
 * Stripe does not deliver in order (a retry after an outage comes late): an event older than the last one applied
 * to the tenant's card subscription, or about a period that ends before the one stored, is stale and changes nothing.
 * Takes the tenant's lock first, so events of one tenant are judged one after the other.
 */
async function staleEvent(tx: Tx, tenantId: string, created: Date, periodEnd: Date | undefined) {
  await tx.$queryRaw`SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtextextended(${`billing-subscription:${tenantId}`}, 0))) AS locked`;
  const row = await tx.subscription.findUnique({ where: { tenantId }, select: { stripeEventAt: true, stripePeriodEnd: true } });
  return Boolean((row?.stripeEventAt && created < row.stripeEventAt) || (periodEnd && row?.stripePeriodEnd && periodEnd < row.stripePeriodEnd));
}

/** Remembers the newest event and period applied (after the event's own changes, so the row exists). */
async function applied(tx: Tx, tenantId: string, created: Date, periodEnd: Date | undefined) {
  const row = await tx.subscription.findUnique({ where: { tenantId }, select: { stripeEventAt: true, stripePeriodEnd: true } });
  if (!row) return;
  const later = (a: Date | null, b: Date | undefined) => (b && (!a || b > a) ? b : a);
  await tx.subscription.update({ where: { tenantId }, data: { stripeEventAt: later(row.stripeEventAt, created), stripePeriodEnd: later(row.stripePeriodEnd, periodEnd) } });
}

async function onSubscriptionUpdated(tx: Tx, subscription: Loose, created: Date) {
  const tenantId = await tenantOf(tx, { metadata: subscription.metadata, customer: subscription.customer, subscription: subscription.id });
  if (!tenantId) return "ignored";
  const facts = subscriptionFacts(subscription);
  if (await staleEvent(tx, tenantId, created, facts.periodEnd)) return "stale";
  const row = await tx.subscription.findUnique({ where: { tenantId } });
  // A card subscription other than the tenant's current one (say, replaced by a crypto payment) changes nothing.
  if (row?.stripeSubscriptionId && row.stripeSubscriptionId !== subscription.id) return "ignored";
  const status = STATUS[subscription.status] ?? "past_due";
  if (status === "active" && facts.plan && !PLANS[facts.plan].contact_sales) {
    await activatePlan(tenantId, facts.plan, {
      source: "card", periodStart: facts.periodStart, periodEnd: facts.periodEnd,
      stripe: { customerId: idOf(subscription.customer), subscriptionId: subscription.id },
    }, tx);
  }
  await tx.subscription.update({
    where: { tenantId },
    data: { status, cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end), stripeSubscriptionId: subscription.id },
  }).catch((error) => {
    if ((error as { code?: string }).code === "P2025") return; // no row: a subscription of a tenant that never checked out here
    throw error;
  });
  await applied(tx, tenantId, created, facts.periodEnd);
  return "updated";
}

async function onSubscriptionDeleted(tx: Tx, subscription: Loose, created: Date) {
  const tenantId = await tenantOf(tx, { metadata: subscription.metadata, customer: subscription.customer, subscription: subscription.id });
  if (!tenantId) return "ignored";
  if (await staleEvent(tx, tenantId, created, undefined)) return "stale";
  // Only the subscription that gives the tenant its plan ends it: the tenant is back on free.
  const { count } = await tx.subscription.updateMany({
    where: { tenantId, stripeSubscriptionId: subscription.id, source: "card" },
    data: { status: "canceled", cancelAtPeriodEnd: false },
  });
  if (count) await applied(tx, tenantId, created, undefined);
  return count ? "canceled" : "ignored";
}

async function onInvoice(tx: Tx, invoice: Loose, paid: boolean, created: Date) {
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? invoice.subscription);
  const subscriptionMetadata = invoice.parent?.subscription_details?.metadata ?? invoice.subscription_details?.metadata;
  const tenantId = await tenantOf(tx, { metadata: subscriptionMetadata ?? invoice.metadata, customer: invoice.customer, subscription: subscriptionId });
  if (!tenantId || !invoice.id) return "ignored";
  const line = invoice.lines?.data?.[0] ?? {};
  const linePrice = line.pricing?.price_details?.price ?? line.price?.id;
  const metaPlan = subscriptionMetadata?.plan;
  const current = await tx.subscription.findUnique({ where: { tenantId } });
  const plan: PlanId | undefined = planOfPrice(idOf(linePrice)) ?? (isPlanId(metaPlan ?? "") ? metaPlan : undefined) ?? (current && isPlanId(current.plan) ? current.plan : undefined);
  const status = paid ? "succeeded" : "failed";
  const payment = {
    status, plan: plan ?? "unknown", currency: String(invoice.currency ?? "usd"), amountDue: String(invoice.amount_due ?? 0),
    amountReceived: String(paid ? (invoice.amount_paid ?? 0) : 0), succeededAt: paid ? new Date() : null,
  };
  // One payment per invoice, whatever the number of events about it.
  await tx.billingPayment.upsert({
    where: { stripeInvoiceId: invoice.id },
    create: { id: newId("pay"), tenantId, method: "card", stripeInvoiceId: invoice.id, ...payment },
    update: payment,
  });
  if (!subscriptionId) return paid ? "recorded" : "failed";
  // The tenant's card subscription only: an invoice of a subscription that no longer gives the plan switches nothing on.
  if (current?.stripeSubscriptionId && current.stripeSubscriptionId !== subscriptionId) return "recorded";
  // The payment is recorded whatever the order; the plan follows the newest news only.
  const periodEnd = at(line.period?.end);
  if (await staleEvent(tx, tenantId, created, periodEnd)) return "stale";
  if (paid && plan && plan !== "free" && !PLANS[plan].contact_sales) {
    await activatePlan(tenantId, plan, {
      source: "card", periodStart: at(line.period?.start), periodEnd,
      stripe: { customerId: idOf(invoice.customer), subscriptionId },
    }, tx);
    await applied(tx, tenantId, created, periodEnd);
    return "activated";
  }
  if (!paid) {
    await tx.subscription.updateMany({ where: { tenantId, stripeSubscriptionId: subscriptionId }, data: { status: "past_due" } });
    await applied(tx, tenantId, created, periodEnd);
  }
  return paid ? "recorded" : "past_due";
}

const HANDLERS: Record<string, (tx: Tx, object: Loose, created: Date) => Promise<string>> = {
  "checkout.session.completed": onCheckoutCompleted,
  "customer.subscription.updated": onSubscriptionUpdated,
  "customer.subscription.created": onSubscriptionUpdated,
  "customer.subscription.deleted": onSubscriptionDeleted,
  "invoice.paid": (tx, invoice, created) => onInvoice(tx, invoice, true, created),
  "invoice.payment_failed": (tx, invoice, created) => onInvoice(tx, invoice, false, created),
};

/**
 * POST /v1/billing/webhook: verify, then handle each event id once. The event's row and its effect commit in one
 * database transaction: a replay (or a concurrent second delivery, which waits on the first's row) changes nothing.
 */
export async function handleWebhook(rawBody: string, signature: string | null) {
  const event = verifyEvent(rawBody, signature);
  const handler = HANDLERS[event.type];
  const outcome = await db.$transaction(async (tx) => {
    const { count } = await tx.billingProcessorEvent.createMany({ data: [{ id: event.id, type: event.type }], skipDuplicates: true });
    if (!count) return "duplicate";
    return handler ? handler(tx, event.data.object as unknown as Loose, new Date(event.created * 1000)) : "ignored";
  });
  return { object: "billing_webhook_receipt" as const, id: event.id, type: event.type, received: true, outcome };
}

/** The console's address for Stripe's return links: NEXTAUTH_URL, else the address the request came to. */
export const appUrlOf = (request: Request) => (process.env.NEXTAUTH_URL ?? new URL(request.url).origin).replace(/\/+$/, "");
