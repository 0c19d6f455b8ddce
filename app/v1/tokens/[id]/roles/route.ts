// /v1/tokens/{id}/roles — list roles with their members, grant a role (201), revoke a role (200)
import { api } from "@/lib/api/handler";
import { RoleInput, RoleList, TokenParams, Transaction } from "@/lib/schemas/tokens";
import { grantRole, listRoles, revokeRole } from "@/lib/tokens/roles";

export const GET = api(
  { auth: "api_key", summary: "List all roles on the token contract with their members", params: TokenParams, response: RoleList, tags: ["roles"] },
  ({ scope, params }) => listRoles(scope, params.id),
);

export const POST = api(
  { auth: "api_key", summary: "Grant a role to an address", params: TokenParams, body: RoleInput, response: Transaction, status: 201, tags: ["roles"] },
  ({ scope, params, body }) => grantRole(scope, params.id, body),
);

export const DELETE = api(
  { auth: "api_key", summary: "Revoke a role from an address (role and address in the body)", params: TokenParams, body: RoleInput, response: Transaction, tags: ["roles"] },
  ({ scope, params, body }) => revokeRole(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH } = unmatchedMethods;
