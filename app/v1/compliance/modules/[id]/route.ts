// GET /v1/compliance/modules/{id} — module details
import { api } from "@/lib/api/handler";
import { ComplianceModule, ModuleParams } from "@/lib/schemas/compliance";
import { getModule } from "@/lib/trex/compliance/service";

export const GET = api(
  { auth: "api_key", summary: "Module details", params: ModuleParams, response: ComplianceModule, tags: ["compliance"] },
  ({ scope, params }) => getModule(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
