// The plans: one typed table that the docs, the API (GET /v1/billing/plans, quotas) and the console all read.
// Limits are per calendar period of the subscription; null means unlimited. Crypto prices are in the
// stablecoin's smallest unit (USDC and USDT have 6 decimals on every network we list).
import type { PlanId } from "@/lib/schemas/billing-core";

export interface PlanLimits {
  api_calls_per_month: number | null;
  chain_writes_per_month: number | null;
  deployed_contracts: number | null;
  webhook_endpoints: number | null;
  rate_limit_per_minute: number;
}

export interface Plan {
  id: string;
  name: string;
  description: string;
  /** Enterprise: no self-service checkout; the API answers with how to reach sales. */
  contact_sales: boolean;
  /** Monthly price in US cents (card), or null when priced by contract. */
  price_usd_cents: number | null;
  /** Monthly price in USDC/USDT base units (6 decimals), or null when not payable in crypto. */
  price_stablecoin: string | null;
  limits: PlanLimits;
}

export const PLANS = {
  free: {
    id: "free",
    name: "Free",
    description: "For building and testing: every API, small monthly quotas.",
    contact_sales: false,
    price_usd_cents: 0,
    price_stablecoin: "0",
    limits: { api_calls_per_month: 10_000, chain_writes_per_month: 500, deployed_contracts: 10, webhook_endpoints: 3, rate_limit_per_minute: 100 },
  },
  growth: {
    id: "growth",
    name: "Growth",
    description: "For production launches: high quotas and a higher rate limit.",
    contact_sales: false,
    price_usd_cents: 9_900,
    price_stablecoin: "99000000",
    limits: { api_calls_per_month: 1_000_000, chain_writes_per_month: 50_000, deployed_contracts: 200, webhook_endpoints: 20, rate_limit_per_minute: 1_000 },
  },
  enterprise: {
    id: "enterprise",
    name: "Enterprise",
    description: "Custom quotas, dedicated support and invoicing: contact sales.",
    contact_sales: true,
    price_usd_cents: null,
    price_stablecoin: null,
    limits: { api_calls_per_month: null, chain_writes_per_month: null, deployed_contracts: null, webhook_endpoints: null, rate_limit_per_minute: 5_000 },
  },
} as const satisfies Record<PlanId, Plan>;

export const isPlanId = (id: string): id is PlanId => Object.hasOwn(PLANS, id);
export const planOf = (id: string): Plan => (isPlanId(id) ? PLANS[id] : PLANS.free);
