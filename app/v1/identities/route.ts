// /v1/identities — list registered identities; register an identity in a regulated token's identity registry
import { api } from "@/lib/api/handler";
import { CreateIdentityInput, Identity, IdentityList, ListIdentitiesQuery } from "@/lib/schemas/identities";
import { createIdentity, listIdentities } from "@/lib/trex/identities/service";

export const GET = api(
  { auth: "api_key", summary: "List registered identities (filter by token_id, status, wallet)", query: ListIdentitiesQuery, response: IdentityList, tags: ["identities"] },
  ({ scope, query }) => listIdentities(scope, query),
);

export const POST = api(
  {
    auth: "api_key", summary: "Register an identity; a duplicate answers 409", body: CreateIdentityInput, response: Identity, status: 201, tags: ["identities"],
    errors: { 404: "No such token for this tenant", 409: "The wallet is already registered for this token" },
  },
  ({ scope, body }) => createIdentity(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH, DELETE } = unmatchedMethods;
