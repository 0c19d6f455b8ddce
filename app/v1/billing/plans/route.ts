// GET /v1/billing/plans — the plans with their card and stablecoin prices and limits (lib/billing/plans.ts)
import { api } from "@/lib/api/handler";
import { BillingPlanList } from "@/lib/schemas/billing-core";
import { listPlans } from "@/lib/billing/service";

export const GET = api(
  { auth: "session", summary: "Available plans with fiat and crypto pricing", response: BillingPlanList, tags: ["billing"] },
  () => listPlans(),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
