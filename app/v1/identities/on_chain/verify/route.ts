// GET /v1/identities/on_chain/verify — Whether an address is verified (live read of the token's IdentityRegistry)
import { api } from "@/lib/api/handler";
import { RegistryAddressQuery, RegistryVerify } from "@/lib/schemas/identities";
import { registryVerify } from "@/lib/trex/identities/reads";

export const GET = api(
  { auth: "api_key", summary: "Whether an address is verified", query: RegistryAddressQuery, response: RegistryVerify, tags: ["identities"], errors: { 404: "No such token for this tenant" } },
  ({ scope, query }) => registryVerify(scope, query.token_id, query.address),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
