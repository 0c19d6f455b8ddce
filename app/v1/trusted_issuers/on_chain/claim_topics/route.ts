// GET /v1/trusted_issuers/on_chain/claim_topics?token_id=&issuer= — getTrustedIssuerClaimTopics, read on chain
import { api } from "@/lib/api/handler";
import { IssuerClaimTopics, IssuerQuery } from "@/lib/schemas/trusted-issuers";
import { issuerClaimTopics } from "@/lib/trex/issuers/trusted-issuers";

export const GET = api(
  {
    auth: "api_key", summary: "Claim topics of an issuer (getTrustedIssuerClaimTopics; empty when not a trusted issuer)", query: IssuerQuery, response: IssuerClaimTopics,
    errors: { 404: "No such token for this tenant" }, tags: ["trusted issuers"],
  },
  ({ scope, query }) => issuerClaimTopics(scope, query.token_id, query.issuer),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
