// /v1/tokens — deploy a token (201, status `deploying`) and list the tokens of the key's environment
import { api } from "@/lib/api/handler";
import { CreateTokenInput, ListTokensQuery, Token, TokenList } from "@/lib/schemas/tokens";
import { createToken, listTokens } from "@/lib/tokens/service";

export const POST = api(
  { auth: "api_key", summary: "Create and deploy a token", body: CreateTokenInput, response: Token, status: 201, tags: ["tokens"] },
  ({ scope, body }) => createToken(scope, body),
);

export const GET = api(
  { auth: "api_key", summary: "List tokens (filters: status, network, standard)", query: ListTokensQuery, response: TokenList, tags: ["tokens"] },
  ({ scope, query }) => listTokens(scope, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH, DELETE } = unmatchedMethods;
