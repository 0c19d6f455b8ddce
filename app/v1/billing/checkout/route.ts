// POST /v1/billing/checkout — a Stripe Checkout session for a card subscription to a plan (503 without Stripe)
import { api } from "@/lib/api/handler";
import { CheckoutSession, CreateCheckoutInput } from "@/lib/schemas/billing-core";
import { appUrlOf, createCheckout } from "@/lib/billing/card/stripe";

export const POST = api(
  {
    auth: "session", role: "owner", summary: "Create a card-payment checkout session for a plan upgrade", body: CreateCheckoutInput, response: CheckoutSession, status: 201, tags: ["billing"],
    errors: { 503: "Card payments are not configured (STRIPE_SECRET_KEY) or the payment processor is unreachable: `billing_unavailable`" },
  },
  ({ tenantId, body, request }) => createCheckout(tenantId, body, appUrlOf(request)),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
