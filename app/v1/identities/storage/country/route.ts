// GET /v1/identities/storage/country — Stored investor country (live read of the token's IdentityRegistryStorage)
import { api } from "@/lib/api/handler";
import { RegistryAddressQuery, StorageCountry } from "@/lib/schemas/identities";
import { storedCountry } from "@/lib/trex/identities/reads";

export const GET = api(
  { auth: "api_key", summary: "Stored investor country", query: RegistryAddressQuery, response: StorageCountry, tags: ["identities"], errors: { 404: "No such token for this tenant" } },
  ({ scope, query }) => storedCountry(scope, query.token_id, query.address),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
