// POST /v1/tokens/{id}/set_identity_registry — Set the identity registry contract (setIdentityRegistry; owner action)
import { api } from "@/lib/api/handler";
import { TokenParams } from "@/lib/schemas/tokens";
import { Transaction } from "@/lib/schemas/transactions";
import { SetIdentityRegistryInput } from "@/lib/schemas/token-controls";
import { setIdentityRegistry } from "@/lib/trex/controls/service";

export const POST = api(
  { auth: "api_key", summary: "Set the identity registry contract (setIdentityRegistry; owner action)", params: TokenParams, body: SetIdentityRegistryInput, response: Transaction, tags: ["regulated tokens"] },
  ({ scope, params, body }) => setIdentityRegistry(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
