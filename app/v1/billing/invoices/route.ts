// GET /v1/billing/invoices — the tenant's invoices at Stripe, newest first (an empty list without Stripe)
import { api } from "@/lib/api/handler";
import { InvoiceList, InvoicesQuery } from "@/lib/schemas/billing-core";
import { listInvoices } from "@/lib/billing/card/stripe";

export const GET = api(
  {
    auth: "session", summary: "Invoices of the tenant from the payment processor", query: InvoicesQuery, response: InvoiceList, tags: ["billing"],
    errors: { 503: "The payment processor is unreachable: `billing_unavailable`" },
  },
  ({ tenantId, query }) => listInvoices(tenantId, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
