// GET /v1/billing/usage — API calls, chain writes, deployed contracts and webhook endpoints against the plan's limits
import { api } from "@/lib/api/handler";
import { BillingUsage } from "@/lib/schemas/billing-core";
import { getUsage } from "@/lib/billing/service";

export const GET = api(
  { auth: "session", summary: "Current billing usage", response: BillingUsage, tags: ["billing"] },
  ({ tenantId }) => getUsage(tenantId),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
