// GET /v1/identities/on_chain/contains — Whether an address is in the identity registry (live read of the token's IdentityRegistry)
import { api } from "@/lib/api/handler";
import { RegistryAddressQuery, RegistryContains } from "@/lib/schemas/identities";
import { registryContains } from "@/lib/trex/identities/reads";

export const GET = api(
  { auth: "api_key", summary: "Whether an address is in the identity registry", query: RegistryAddressQuery, response: RegistryContains, tags: ["identities"], errors: { 404: "No such token for this tenant" } },
  ({ scope, query }) => registryContains(scope, query.token_id, query.address),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
