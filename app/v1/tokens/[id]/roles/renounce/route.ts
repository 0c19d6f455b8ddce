// POST /v1/tokens/{id}/roles/renounce — the tenant wallet gives up one of its roles
import { api } from "@/lib/api/handler";
import { RenounceRoleInput, TokenParams, Transaction } from "@/lib/schemas/tokens";
import { renounceRole } from "@/lib/tokens/roles";

export const POST = api(
  { auth: "api_key", summary: "Renounce a role from the caller's own address (the tenant wallet)", params: TokenParams, body: RenounceRoleInput, response: Transaction, status: 201, tags: ["roles"] },
  ({ caller, scope, params, body }) => renounceRole(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
