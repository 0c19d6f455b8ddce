// GET /v1/trusted_issuers/on_chain/has_claim_topic?token_id=&issuer=&topic= — hasClaimTopic, read on chain
import { api } from "@/lib/api/handler";
import { IssuerHasClaimTopic, IssuerTopicQuery } from "@/lib/schemas/trusted-issuers";
import { issuerHasClaimTopic } from "@/lib/trex/issuers/trusted-issuers";

export const GET = api(
  {
    auth: "api_key", summary: "Whether an issuer is trusted for a claim topic (hasClaimTopic)", query: IssuerTopicQuery, response: IssuerHasClaimTopic,
    errors: { 404: "No such token for this tenant" }, tags: ["trusted issuers"],
  },
  ({ scope, query }) => issuerHasClaimTopic(scope, query.token_id, query.issuer, query.topic),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
