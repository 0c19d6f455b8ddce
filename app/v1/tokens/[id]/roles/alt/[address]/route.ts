// GET /v1/tokens/{id}/roles/alt/{address} — roles bitmap and decoded names (ERC20_ALT only)
import { api } from "@/lib/api/handler";
import { AddressParams, RoleBitmap } from "@/lib/schemas/tokens";
import { roleBitmap } from "@/lib/tokens/roles";

export const GET = api(
  { auth: "api_key", summary: "Roles bitmap and role names of an address (ERC20_ALT)", params: AddressParams, response: RoleBitmap, tags: ["roles"] },
  ({ scope, params }) => roleBitmap(scope, params.id, params.address),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
