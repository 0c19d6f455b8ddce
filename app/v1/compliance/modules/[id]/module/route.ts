// DELETE /v1/compliance/modules/{id}/module — remove the module on chain (compliance.removeModule); status removed when confirmed
import { api } from "@/lib/api/handler";
import { ModuleParams, RemoveModuleInput, Transaction } from "@/lib/schemas/compliance";
import { removeModule } from "@/lib/trex/compliance/service";

export const DELETE = api(
  { auth: "api_key", summary: "Remove the module on-chain (compliance.removeModule); the record becomes `removed` when confirmed", params: ModuleParams, body: RemoveModuleInput, response: Transaction, tags: ["compliance"] },
  ({ scope, params, body }) => removeModule(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, POST, PUT, PATCH } = unmatchedMethods;
