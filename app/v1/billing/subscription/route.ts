// GET /v1/billing/subscription — the plan in force, how it was obtained and its period
import { api } from "@/lib/api/handler";
import { BillingSubscription } from "@/lib/schemas/billing-core";
import { getSubscription } from "@/lib/billing/service";

export const GET = api(
  { auth: "session", summary: "Current subscription", response: BillingSubscription, tags: ["billing"] },
  ({ tenantId }) => getSubscription(tenantId),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
