// GET /v1/connect/accounts/{address}/oauth — OAuth identities linked to the account
import { connectApi } from "@/lib/api/connect-routes";
import { AccountParams, ChainQuery, OAuthLinkList } from "@/lib/schemas/connect-identity";
import { listOAuthLinks } from "@/lib/connect/end-users/oauth";

export const GET = connectApi(
  { summary: "Linked OAuth providers of an account", params: AccountParams, query: ChainQuery, response: OAuthLinkList },
  ({ scope, params, query }) => listOAuthLinks(scope, params.address, query.chain_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
