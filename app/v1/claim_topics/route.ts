// /v1/claim_topics — list claim topics; require one in a regulated token's ClaimTopicsRegistry
import { api } from "@/lib/api/handler";
import { ClaimTopic, ClaimTopicList, CreateClaimTopicInput, ListClaimTopicsQuery } from "@/lib/schemas/trusted-issuers";
import { createClaimTopic, listClaimTopics } from "@/lib/trex/issuers/claim-topics";

export const GET = api(
  { auth: "api_key", summary: "List claim topics (filter by token_id, status)", query: ListClaimTopicsQuery, response: ClaimTopicList, tags: ["claim topics"] },
  ({ scope, query }) => listClaimTopics(scope, query),
);

export const POST = api(
  { auth: "api_key", summary: "Create a claim topic (ClaimTopicsRegistry.addClaimTopic)", body: CreateClaimTopicInput, response: ClaimTopic, status: 201, errors: { 404: "No such token for this tenant", 409: "The token already requires this topic (`claim_topic_exists`), or idempotency_key reused with other parameters" }, tags: ["claim topics"] },
  ({ scope, body }) => createClaimTopic(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH, DELETE } = unmatchedMethods;
