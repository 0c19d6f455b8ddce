// GET /v1/tokens/{id}/roles/admin?role= — the role that administers a role
import { api } from "@/lib/api/handler";
import { RoleAdmin, RoleAdminQuery, TokenParams } from "@/lib/schemas/tokens";
import { roleAdmin } from "@/lib/tokens/roles";

export const GET = api(
  { auth: "api_key", summary: "Admin role of a role", params: TokenParams, query: RoleAdminQuery, response: RoleAdmin, tags: ["roles"] },
  ({ scope, params, query }) => roleAdmin(scope, params.id, query.role),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
