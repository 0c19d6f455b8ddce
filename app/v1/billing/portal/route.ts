// POST /v1/billing/portal — a Stripe customer-portal session (card, plan changes, cancellation, invoices)
import { api } from "@/lib/api/handler";
import { CreatePortalInput, PortalSession } from "@/lib/schemas/billing-core";
import { appUrlOf, createPortal } from "@/lib/billing/card/stripe";

export const POST = api(
  {
    auth: "session", role: "owner", summary: "Create a customer-portal session of the payment processor", body: CreatePortalInput, response: PortalSession, status: 201, tags: ["billing"],
    errors: { 503: "Card payments are not configured (STRIPE_SECRET_KEY) or the payment processor is unreachable: `billing_unavailable`" },
  },
  ({ tenantId, body, request }) => createPortal(tenantId, body, appUrlOf(request)),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
