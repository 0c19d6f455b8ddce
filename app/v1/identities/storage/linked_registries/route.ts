// GET /v1/identities/storage/linked_registries — Registries bound to a storage (live read of the token's IdentityRegistryStorage)
import { api } from "@/lib/api/handler";
import { RegistryQuery, StorageLinkedRegistries } from "@/lib/schemas/identities";
import { linkedRegistries } from "@/lib/trex/identities/reads";

export const GET = api(
  { auth: "api_key", summary: "Registries bound to a storage", query: RegistryQuery, response: StorageLinkedRegistries, tags: ["identities"], errors: { 404: "No such token for this tenant" } },
  ({ scope, query }) => linkedRegistries(scope, query.token_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
