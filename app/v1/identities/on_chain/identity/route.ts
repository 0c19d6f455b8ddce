// GET /v1/identities/on_chain/identity — On-chain identity contract address of a wallet (live read of the token's IdentityRegistry)
import { api } from "@/lib/api/handler";
import { RegistryAddressQuery, RegistryIdentity } from "@/lib/schemas/identities";
import { registryIdentity } from "@/lib/trex/identities/reads";

export const GET = api(
  { auth: "api_key", summary: "On-chain identity contract address of a wallet", query: RegistryAddressQuery, response: RegistryIdentity, tags: ["identities"], errors: { 404: "No such token for this tenant" } },
  ({ scope, query }) => registryIdentity(scope, query.token_id, query.address),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
