// GET /v1/tokens/{id}/roles/{address} — every role an address holds
import { api } from "@/lib/api/handler";
import { AddressParams, AddressRoles } from "@/lib/schemas/tokens";
import { addressRoles } from "@/lib/tokens/roles";

export const GET = api(
  { auth: "api_key", summary: "All roles of an address", params: AddressParams, response: AddressRoles, tags: ["roles"] },
  ({ scope, params }) => addressRoles(scope, params.id, params.address),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
