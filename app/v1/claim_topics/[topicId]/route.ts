// DELETE /v1/claim_topics/{topicId} — stop requiring the topic (removeClaimTopic); topicId is the record's id
import { api } from "@/lib/api/handler";
import { ClaimTopic, ClaimTopicParams } from "@/lib/schemas/trusted-issuers";
import { removeClaimTopic } from "@/lib/trex/issuers/claim-topics";

export const DELETE = api(
  {
    auth: "api_key", summary: "Delete a claim topic (removeClaimTopic); the record is `removing` until the transaction confirms, then `removed`",
    params: ClaimTopicParams, response: ClaimTopic, tags: ["claim topics"],
  },
  ({ scope, params }) => removeClaimTopic(scope, params.topicId),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, POST, PUT, PATCH } = unmatchedMethods;
