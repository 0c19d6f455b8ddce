// GET /v1/compliance/modules/is_module_bound — Whether a module is bound to a token's compliance contract (ModularCompliance.isModuleBound)
import { api } from "@/lib/api/handler";
import { ModuleBound, ModuleBoundQuery } from "@/lib/schemas/compliance";
import { isModuleBound } from "@/lib/trex/compliance/reads";

export const GET = api(
  { auth: "api_key", summary: "Whether a module is bound to a token's compliance contract (ModularCompliance.isModuleBound)", query: ModuleBoundQuery, response: ModuleBound, tags: ["compliance"], errors: { 404: "No such module or token for this tenant" } },
  ({ scope, query }) => isModuleBound(scope, query.module_id, query.token_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
