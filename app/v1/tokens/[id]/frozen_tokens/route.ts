// GET /v1/tokens/{id}/frozen_tokens — Amount of frozen tokens of an address (getFrozenTokens), with its balance
import { api } from "@/lib/api/handler";
import { TokenParams } from "@/lib/schemas/tokens";
import { FrozenTokens, InvestorQuery } from "@/lib/schemas/token-controls";
import { frozenTokens } from "@/lib/trex/controls/service";

export const GET = api(
  { auth: "api_key", summary: "Amount of frozen tokens of an address (getFrozenTokens), with its balance", params: TokenParams, query: InvestorQuery, response: FrozenTokens, tags: ["regulated tokens"] },
  ({ scope, params, query }) => frozenTokens(scope, params.id, query.address),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
