// GET /v1/tokens/{id}/roles/check_any?roles=A,B&address= — bitmap OR check (ERC20_ALT only)
import { api } from "@/lib/api/handler";
import { RoleCheckAny, RoleCheckAnyQuery, TokenParams } from "@/lib/schemas/tokens";
import { checkAnyRole } from "@/lib/tokens/roles";

export const GET = api(
  { auth: "api_key", summary: "Whether an address has any of several roles (ERC20_ALT)", params: TokenParams, query: RoleCheckAnyQuery, response: RoleCheckAny, tags: ["roles"] },
  ({ scope, params, query }) => checkAnyRole(scope, params.id, query.roles, query.address),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
