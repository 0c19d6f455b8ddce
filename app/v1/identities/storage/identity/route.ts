// GET /v1/identities/storage/identity — Stored identity address (live read of the token's IdentityRegistryStorage)
import { api } from "@/lib/api/handler";
import { RegistryAddressQuery, StorageIdentity } from "@/lib/schemas/identities";
import { storedIdentity } from "@/lib/trex/identities/reads";

export const GET = api(
  { auth: "api_key", summary: "Stored identity address", query: RegistryAddressQuery, response: StorageIdentity, tags: ["identities"], errors: { 404: "No such token for this tenant" } },
  ({ scope, query }) => storedIdentity(scope, query.token_id, query.address),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
