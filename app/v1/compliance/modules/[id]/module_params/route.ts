// GET /v1/compliance/modules/{id}/module_params — On-chain parameters of the module for its compliance (max_balance, supply_limit, restricted_countries, …)
import { api } from "@/lib/api/handler";
import { ModuleParams, ModuleParamsOut } from "@/lib/schemas/compliance";
import { moduleParams } from "@/lib/trex/compliance/reads";

export const GET = api(
  { auth: "api_key", summary: "On-chain parameters of the module for its compliance (max_balance, supply_limit, restricted_countries, …)", params: ModuleParams, response: ModuleParamsOut, tags: ["compliance"] },
  ({ scope, params }) => moduleParams(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
