// GET /v1/billing/admin/payments — pending crypto payments of every tenant (admin: X-Admin-Secret); `limit` is required
import { api } from "@/lib/api/handler";
import { AdminBillingPaymentList, AdminPaymentsQuery } from "@/lib/schemas/billing-payments";
import { ADMIN_SECRET_HEADER } from "@/lib/billing/admin";
import { adminPendingPayments } from "@/lib/billing/crypto/service";

export const GET = api(
  {
    auth: "none",
    adminSecret: true,
    summary: `Pending crypto payments across tenants (admin: the ${ADMIN_SECRET_HEADER} header)`,
    query: AdminPaymentsQuery,
    response: AdminBillingPaymentList,
    errors: { 403: `Missing or wrong admin secret (${ADMIN_SECRET_HEADER})` },
    tags: ["billing"],
  },
  ({ admin, query }) => adminPendingPayments(admin!, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
