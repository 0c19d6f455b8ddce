// POST /v1/billing/webhook — Stripe's events (public; verified by the Stripe-Signature header over the raw body)
import { api } from "@/lib/api/handler";
import { WebhookReceipt } from "@/lib/schemas/billing-core";
import { handleWebhook } from "@/lib/billing/stripe";

export const POST = api(
  {
    auth: "none", rawBody: true, summary: "Inbound events from the payment processor", response: WebhookReceipt, tags: ["billing"],
    errors: { 503: "Stripe events are not accepted: STRIPE_WEBHOOK_SECRET is not set (`billing_unavailable`)" },
  },
  ({ request, rawBody }) => handleWebhook(rawBody ?? "", request.headers.get("stripe-signature")),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
