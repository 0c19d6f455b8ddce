// DELETE /v1/connect/accounts/{address}/oauth/{provider} — remove the account's link to a provider
import { api } from "@/lib/api/handler";
import { ChainQuery, OAuthLinkDeleted, OAuthLinkParams } from "@/lib/schemas/connect-identity";
import { unlinkOAuth } from "@/lib/connect/oauth";
import { scopeOf } from "@/lib/tokens/scope";

export const DELETE = api(
  { auth: "api_key", summary: "Remove a provider link", params: OAuthLinkParams, query: ChainQuery, response: OAuthLinkDeleted, tags: ["connect"] },
  ({ caller, params, query }) => unlinkOAuth(scopeOf(caller), params.address, params.provider, query.chain_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, POST, PUT, PATCH } = unmatchedMethods;
