// /v1/identities/{id}/claims — list the identity's claims; add a claim (signed by the tenant's ClaimIssuer, or elsewhere)
import { api } from "@/lib/api/handler";
import { AddClaimInput, Claim, ClaimList, IdentityParams, ListClaimsQuery } from "@/lib/schemas/identities";
import { addClaim, listClaims } from "@/lib/trex/identities/claims";

export const GET = api(
  { auth: "api_key", summary: "List claims", params: IdentityParams, query: ListClaimsQuery, response: ClaimList, tags: ["identities"] },
  ({ scope, params, query }) => listClaims(scope, params.id, query),
);

export const POST = api(
  { auth: "api_key", summary: "Add a claim", params: IdentityParams, body: AddClaimInput, response: Claim, status: 201, tags: ["identities"] },
  ({ scope, params, body }) => addClaim(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH, DELETE } = unmatchedMethods;
