// GET /v1/billing/payments — the tenant's payment history (card and crypto), newest first
import { api } from "@/lib/api/handler";
import { BillingPaymentList, ListPaymentsQuery } from "@/lib/schemas/billing-payments";
import { listPayments } from "@/lib/billing/crypto/service";

export const GET = api(
  { auth: "session", summary: "Payment history (card and crypto)", query: ListPaymentsQuery, response: BillingPaymentList, tags: ["billing"] },
  ({ tenantId, query }) => listPayments(tenantId, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
