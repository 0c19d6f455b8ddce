// GET /v1/compliance/modules/{id}/compliance_contract — ModularCompliance address the module is bound to (isModuleBound read on chain)
import { api } from "@/lib/api/handler";
import { ComplianceContract, ModuleParams } from "@/lib/schemas/compliance";
import { complianceContract } from "@/lib/trex/compliance/reads";

export const GET = api(
  { auth: "api_key", summary: "ModularCompliance address the module is bound to (isModuleBound read on chain)", params: ModuleParams, response: ComplianceContract, tags: ["compliance"] },
  ({ scope, params }) => complianceContract(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
