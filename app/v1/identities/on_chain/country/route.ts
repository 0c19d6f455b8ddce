// GET /v1/identities/on_chain/country — Investor country from the registry (live read of the token's IdentityRegistry)
import { api } from "@/lib/api/handler";
import { RegistryAddressQuery, RegistryCountry } from "@/lib/schemas/identities";
import { registryCountry } from "@/lib/trex/identities/reads";

export const GET = api(
  { auth: "api_key", summary: "Investor country from the registry", query: RegistryAddressQuery, response: RegistryCountry, tags: ["identities"], errors: { 404: "No such token for this tenant" } },
  ({ scope, query }) => registryCountry(scope, query.token_id, query.address),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
