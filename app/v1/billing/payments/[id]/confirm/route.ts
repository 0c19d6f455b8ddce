// POST /v1/billing/payments/{id}/confirm — an admin confirms a crypto payment by hand and its plan is activated (X-Admin-Secret)
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { BillingPayment, ConfirmPaymentInput } from "@/lib/schemas/billing-payments";
import { ADMIN_SECRET_HEADER } from "@/lib/billing/admin";
import { confirmPayment } from "@/lib/billing/crypto/service";

export const POST = api(
  {
    auth: "none",
    adminSecret: true,
    summary: `Confirm a crypto payment by hand and activate its plan (admin: the ${ADMIN_SECRET_HEADER} header). An already succeeded payment is answered as is, credited once.`,
    params: IdParam,
    body: ConfirmPaymentInput,
    response: BillingPayment,
    errors: { 403: `Missing or wrong admin secret (${ADMIN_SECRET_HEADER})`, 404: "No such payment" },
    tags: ["billing"],
  },
  async ({ admin, params, body }) => (await confirmPayment(admin!, params.id, body.note)).payment,
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
