// GET /v1/tokens/{id}/roles/check?role=&address= — whether an address has a role
import { api } from "@/lib/api/handler";
import { RoleCheck, RoleCheckQuery, TokenParams } from "@/lib/schemas/tokens";
import { checkRole } from "@/lib/tokens/roles";

export const GET = api(
  { auth: "api_key", summary: "Whether an address has a given role", params: TokenParams, query: RoleCheckQuery, response: RoleCheck, tags: ["roles"] },
  ({ scope, params, query }) => checkRole(scope, params.id, query.role, query.address),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
