// POST /v1/compliance/modules/{id}/unbind_token — take the module out of its token's ModularCompliance (removeModule)
import { api } from "@/lib/api/handler";
import { ModuleParams, Transaction, UnbindTokenInput } from "@/lib/schemas/compliance";
import { unbindToken } from "@/lib/trex/compliance/service";

export const POST = api(
  { auth: "api_key", summary: "Unbind a token: compliance.removeModule(module); the module stays and can be bound again", params: ModuleParams, body: UnbindTokenInput, response: Transaction, tags: ["compliance"] },
  ({ scope, params, body }) => unbindToken(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
