// DELETE /v1/connect/accounts/{address}/oauth/{provider} — remove the account's link to a provider
import { connectApi } from "@/lib/api/connect-routes";
import { ChainQuery, OAuthLinkDeleted, OAuthLinkParams } from "@/lib/schemas/connect-identity";
import { unlinkOAuth } from "@/lib/connect/end-users/oauth";

export const DELETE = connectApi(
  { summary: "Remove a provider link", params: OAuthLinkParams, query: ChainQuery, response: OAuthLinkDeleted },
  ({ scope, params, query }) => unlinkOAuth(scope, params.address, params.provider, query.chain_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, POST, PUT, PATCH } = unmatchedMethods;
