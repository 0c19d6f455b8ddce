// GET /v1/tokens/{id}/balance — balance of an address, read on chain
import { api } from "@/lib/api/handler";
import { Balance, BalanceQuery, TokenParams } from "@/lib/schemas/tokens";
import { balanceOf } from "@/lib/tokens/reads";

export const GET = api(
  { auth: "api_key", summary: "Balance of an address (nft_token_id 0 for ERC-20)", params: TokenParams, query: BalanceQuery, response: Balance, tags: ["tokens"] },
  ({ scope, params, query }) => balanceOf(scope, params.id, query.address, query.nft_token_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
