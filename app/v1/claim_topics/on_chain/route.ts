// GET /v1/claim_topics/on_chain?token_id= — the topics of the token's ClaimTopicsRegistry, read on chain
import { api } from "@/lib/api/handler";
import { OnChainClaimTopics, TokenQuery } from "@/lib/schemas/trusted-issuers";
import { onChainClaimTopics } from "@/lib/trex/issuers/claim-topics";

export const GET = api(
  {
    auth: "api_key", summary: "Topics registered on-chain (getClaimTopics)", query: TokenQuery, response: OnChainClaimTopics,
    errors: { 404: "No such token for this tenant" }, tags: ["claim topics"],
  },
  ({ scope, query }) => onChainClaimTopics(scope, query.token_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
