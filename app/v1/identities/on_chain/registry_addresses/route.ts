// GET /v1/identities/on_chain/registry_addresses — Identity storage, issuers registry and topics registry addresses (live read of the token's IdentityRegistry)
import { api } from "@/lib/api/handler";
import { RegistryQuery, RegistryAddresses } from "@/lib/schemas/identities";
import { registryAddresses } from "@/lib/trex/identities/reads";

export const GET = api(
  { auth: "api_key", summary: "Identity storage, issuers registry and topics registry addresses", query: RegistryQuery, response: RegistryAddresses, tags: ["identities"], errors: { 404: "No such token for this tenant" } },
  ({ scope, query }) => registryAddresses(scope, query.token_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
