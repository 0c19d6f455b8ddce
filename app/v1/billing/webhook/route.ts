// POST /v1/billing/webhook — Stripe's events (public; verified by the Stripe-Signature header over the raw body;
// a verified delivery takes no slot of the per-IP bucket)
import { api } from "@/lib/api/handler";
import { WebhookReceipt } from "@/lib/schemas/billing-core";
import { handleWebhook, isSignedEvent } from "@/lib/billing/card/stripe";

export const POST = api(
  {
    auth: "none", rawBody: true, signed: isSignedEvent, summary: "Inbound events from the payment processor", response: WebhookReceipt, tags: ["billing"],
    errors: { 503: "Stripe events are not accepted: STRIPE_WEBHOOK_SECRET is not set (`billing_unavailable`)" },
  },
  ({ request, rawBody }) => handleWebhook(rawBody ?? "", request.headers.get("stripe-signature")),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
