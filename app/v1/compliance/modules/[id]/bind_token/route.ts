// POST /v1/compliance/modules/{id}/bind_token — add the module to a token's ModularCompliance (addModule)
import { api } from "@/lib/api/handler";
import { BindTokenInput, ModuleParams, Transaction } from "@/lib/schemas/compliance";
import { bindToken } from "@/lib/trex/compliance/service";

export const POST = api(
  { auth: "api_key", summary: "Bind a token to the module: compliance.addModule(module) on the token's ModularCompliance", params: ModuleParams, body: BindTokenInput, response: Transaction, tags: ["compliance"] },
  ({ scope, params, body }) => bindToken(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
