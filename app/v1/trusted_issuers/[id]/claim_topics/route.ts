// /v1/trusted_issuers/{id}/claim_topics — replace the issuer's claim topics (POST, and PUT the legacy form)
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { TrustedIssuer, UpdateClaimTopicsInput } from "@/lib/schemas/trusted-issuers";
import { updateClaimTopics } from "@/lib/trex/issuers/trusted-issuers";

const options = { auth: "api_key" as const, params: IdParam, body: UpdateClaimTopicsInput, response: TrustedIssuer, tags: ["trusted issuers"] as const };

export const POST = api(
  { ...options, summary: "Update the claim topics of a trusted issuer (updateIssuerClaimTopics); they apply when the transaction confirms" },
  ({ scope, params, body }) => updateClaimTopics(scope, params.id, body),
);

export const PUT = api(
  { ...options, summary: "Legacy form of POST /v1/trusted_issuers/{id}/claim_topics" },
  ({ scope, params, body }) => updateClaimTopics(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PATCH, DELETE } = unmatchedMethods;
