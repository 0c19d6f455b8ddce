// Billing (spec 4.11): plans, the subscription, usage, card checkout and portal, invoices, the Stripe webhook and
// the admin activation. Request bodies and response shapes are ours (the spec shows none).
import { z } from "zod";
import { singleLine, writeBody } from "./common";

/** The plans of lib/billing/plans.ts, whose table is typed by this list. */
export const PLAN_IDS = ["free", "growth", "enterprise"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

const PlanId = z.enum(PLAN_IDS).meta({ description: "A plan id of GET /v1/billing/plans." });
const Unix = z.number().int().meta({ description: "Unix time, seconds." });
const HttpsUrl = singleLine(z.string().max(2048))
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), "must be an http(s) URL")
  .meta({ example: "https://example.com/billing/done" });

export const PlanLimitsSchema = z.object({
  api_calls_per_month: z.number().int().nullable().meta({ description: "API-key requests per period; null = unlimited." }),
  chain_writes_per_month: z.number().int().nullable().meta({ description: "Chain writes (transactions and relayed user operations) per period; null = unlimited." }),
  deployed_contracts: z.number().int().nullable().meta({ description: "Contracts deployed and not failed (tokens, compliance modules, vaults, vesting, governance, multisigs, VRF and price-feed consumers); null = unlimited." }),
  webhook_endpoints: z.number().int().nullable().meta({ description: "Webhook endpoints (both modes together); null = unlimited." }),
  rate_limit_per_minute: z.number().int().meta({ description: "API-key requests per minute (sliding window; 429 rate_limit_exceeded beyond it). Console sessions keep the general limit; an operator's RATE_LIMIT_GENERAL_PER_MINUTE replaces it for every plan." }),
}).meta({ id: "BillingPlanLimits" });

export const BillingPlan = z.object({
  object: z.literal("plan"),
  id: PlanId,
  name: z.string(),
  description: z.string(),
  contact_sales: z.boolean().meta({ description: "True: no self-service checkout; contact sales." }),
  price_usd_cents: z.number().int().nullable().meta({ description: "Monthly card price in US cents; null when priced by contract." }),
  price_stablecoin: z.string().nullable().meta({ description: "Monthly price in USDC/USDT base units (6 decimals); null when not payable in crypto." }),
  stablecoin_decimals: z.literal(6),
  limits: PlanLimitsSchema,
}).meta({ id: "BillingPlan" });

export const BillingPlanList = z.object({ object: z.literal("list"), data: z.array(BillingPlan), has_more: z.boolean() }).meta({ id: "BillingPlanList" });

export const BillingSubscription = z.object({
  object: z.literal("subscription"),
  plan: PlanId,
  status: z.enum(["active", "past_due", "canceled"]),
  source: z.enum(["free", "card", "crypto", "admin"]).meta({ description: "How the plan in force was obtained." }),
  current_period_start: Unix,
  current_period_end: Unix.meta({ description: "End of the period (the calendar month on the free plan). A paid plan not renewed by then falls back to free." }),
  cancel_at_period_end: z.boolean(),
}).meta({ id: "BillingSubscription" });

const Meter = z.object({ used: z.number().int(), limit: z.number().int().nullable().meta({ description: "null = unlimited" }) });

export const BillingUsage = z.object({
  object: z.literal("billing_usage"),
  plan: PlanId,
  period_start: Unix.meta({ description: "Start of the monthly window the monthly quotas count: the month of the paid time that holds now (paid time stacks, quotas stay monthly), or the calendar month on the free plan." }),
  period_end: Unix.meta({ description: "End of the monthly window (at most the end of the paid time)." }),
  usage: z.object({ api_calls: Meter, chain_writes: Meter, deployed_contracts: Meter, webhook_endpoints: Meter }),
  local: z.object({ chain_writes: z.number().int(), deployed_contracts: z.number().int() }).meta({
    description: "An addition to the spec: chain writes (this window) and deployed contracts on networks served by the embedded local chain (no RPC_URL_<NETWORK> configured). They cost nothing, so they count toward no quota and are not in `usage`; quotas on real test networks and mainnets apply as usual.",
  }),
}).meta({ id: "BillingUsage", description: "Usage of the current monthly window, from our own records (both modes count; the embedded local chain's writes apart, in `local`)." });

export const CreateCheckoutInput = writeBody({
  plan: PlanId.meta({ description: "The plan to subscribe to by card (growth). Enterprise: contact sales (400 contact_sales)." }),
  success_url: HttpsUrl.optional().meta({ description: "Where Stripe sends the browser after payment. Default: the console's billing page." }),
  cancel_url: HttpsUrl.optional().meta({ description: "Where Stripe sends the browser when the payment is abandoned. Default: the console's billing page." }),
}).meta({ id: "CreateCheckoutInput" });

export const CheckoutSession = z.object({
  object: z.literal("billing_checkout_session"),
  id: z.string().meta({ description: "Stripe's Checkout Session id (cs_…)." }),
  plan: PlanId,
  url: z.string().nullable().meta({ description: "Send the browser here to pay." }),
  expires_at: Unix.nullable(),
}).meta({ id: "BillingCheckoutSession" });

export const CreatePortalInput = writeBody({
  return_url: HttpsUrl.optional().meta({ description: "Where the portal's back link goes. Default: the console's billing page." }),
}).meta({ id: "CreatePortalInput" });

export const PortalSession = z.object({
  object: z.literal("billing_portal_session"),
  id: z.string(),
  url: z.string().meta({ description: "Send the browser here." }),
}).meta({ id: "BillingPortalSession" });

export const Invoice = z.object({
  object: z.literal("invoice"),
  id: z.string(),
  number: z.string().nullable(),
  status: z.string().nullable().meta({ description: "Stripe's status: draft, open, paid, uncollectible, void." }),
  currency: z.string(),
  amount_due: z.string().meta({ description: "Smallest currency unit (cents)." }),
  amount_paid: z.string(),
  created: Unix,
  period_start: Unix,
  period_end: Unix,
  hosted_invoice_url: z.string().nullable(),
  invoice_pdf: z.string().nullable(),
}).meta({ id: "BillingInvoice" });

export const InvoiceList = z.object({ object: z.literal("list"), data: z.array(Invoice), has_more: z.boolean() }).meta({ id: "BillingInvoiceList" });

export const InvoicesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: "Page size, 1 to 100 (default 20)." }),
  starting_after: singleLine(z.string().max(255)).optional().meta({ description: "Id of the last invoice of the previous page (in_…)." }),
});

export const WebhookReceipt = z.object({
  object: z.literal("billing_webhook_receipt"),
  id: z.string().meta({ description: "The event id (evt_…)." }),
  type: z.string(),
  received: z.literal(true),
  outcome: z.string().meta({ description: "What it did: activated, updated, canceled, recorded, failed, past_due, ignored, duplicate (already handled: nothing changed), or stale (older than the last event applied, or about an earlier period than the stored one: nothing changed)." }),
}).meta({ id: "BillingWebhookReceipt" });

export const ActivatePlanInput = z.strictObject({
  tenant_id: singleLine(z.string().min(1).max(64)).meta({ description: "The tenant (ten_…)." }),
  plan: PlanId,
  period_end: Unix.optional().meta({ description: "End of the activated period (unix seconds, in the future). Give this or `days`; default 30 days." }),
  days: z.number().int().min(1).max(3660).optional().meta({ description: "Length of the activated period in days, from now." }),
  reason: z.string().min(1).max(500).meta({ description: "Why (kept in the admin audit log)." }),
}).meta({ id: "ActivatePlanInput", description: "Send the admin secret in the X-Admin-Secret header." });

export const AdminActivation = z.object({
  object: z.literal("billing_activation"),
  tenant_id: z.string(),
  audit_id: z.string().meta({ description: "The admin audit row (aud_…)." }),
  subscription: BillingSubscription,
}).meta({ id: "BillingActivation" });
