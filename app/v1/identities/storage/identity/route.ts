// GET /v1/identities/storage/identity — Stored identity address (live read of the token's IdentityRegistryStorage)
import { api } from "@/lib/api/handler";
import { RegistryAddressQuery, StorageIdentity } from "@/lib/schemas/identities";
import { storedIdentity } from "@/lib/trex/identity-registry";
import { scopeOf } from "@/lib/tokens/scope";

export const GET = api(
  { auth: "api_key", summary: "Stored identity address", query: RegistryAddressQuery, response: StorageIdentity, tags: ["identities"], errors: { 404: "No such token for this tenant" } },
  ({ caller, query }) => storedIdentity(scopeOf(caller), query.token_id, query.address),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
