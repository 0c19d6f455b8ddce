// DELETE /v1/identities/{id}/claims/{claimId} — remove a claim (Identity.removeClaim; shows once confirmed)
import { api } from "@/lib/api/handler";
import { Claim, ClaimParams, RemoveIdentityInput } from "@/lib/schemas/identities";
import { removeClaim } from "@/lib/trex/identities/claims";

export const DELETE = api(
  { auth: "api_key", summary: "Remove a claim", params: ClaimParams, body: RemoveIdentityInput, response: Claim, tags: ["identities"] },
  ({ scope, params }) => removeClaim(scope, params.id, params.claimId),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, POST, PUT, PATCH } = unmatchedMethods;
