// GET /v1/billing/crypto_checkout/{id} — the status of a crypto payment request: what arrived, what is missing
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { BillingPayment } from "@/lib/schemas/billing-payments";
import { getCryptoCheckout } from "@/lib/billing/crypto/service";

export const GET = api(
  { auth: "session", summary: "Status of a crypto payment request", params: IdParam, response: BillingPayment, errors: { 404: "No such crypto checkout" }, tags: ["billing"] },
  ({ tenantId, params }) => getCryptoCheckout(tenantId, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
