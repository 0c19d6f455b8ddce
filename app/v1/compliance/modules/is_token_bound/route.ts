// GET /v1/compliance/modules/is_token_bound — Whether a token is bound to its compliance contract (ModularCompliance.getTokenBound)
import { api } from "@/lib/api/handler";
import { TokenBound, TokenQuery } from "@/lib/schemas/compliance";
import { isTokenBound } from "@/lib/trex/compliance/reads";

export const GET = api(
  { auth: "api_key", summary: "Whether a token is bound to its compliance contract (ModularCompliance.getTokenBound)", query: TokenQuery, response: TokenBound, tags: ["compliance"], errors: { 404: "No such token for this tenant" } },
  ({ scope, query }) => isTokenBound(scope, query.token_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
