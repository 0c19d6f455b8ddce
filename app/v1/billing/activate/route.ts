// POST /v1/billing/activate — admin: switch a tenant's plan on by hand (X-Admin-Secret; audited)
import { api } from "@/lib/api/handler";
import { ActivatePlanInput, AdminActivation } from "@/lib/schemas/billing-core";
import { adminActivate } from "@/lib/billing/service";

export const POST = api(
  { auth: "none", adminSecret: true, summary: "Manual plan activation (admin)", body: ActivatePlanInput, response: AdminActivation, tags: ["billing"], errors: { 404: "No such tenant" } },
  ({ admin, body }) => adminActivate(admin!, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
