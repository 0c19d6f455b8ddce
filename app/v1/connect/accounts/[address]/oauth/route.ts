// GET /v1/connect/accounts/{address}/oauth — OAuth identities linked to the account
import { api } from "@/lib/api/handler";
import { AccountParams, ChainQuery, OAuthLinkList } from "@/lib/schemas/connect-identity";
import { listOAuthLinks } from "@/lib/connect/oauth";
import { scopeOf } from "@/lib/tokens/scope";

export const GET = api(
  { auth: "api_key", summary: "Linked OAuth providers of an account", params: AccountParams, query: ChainQuery, response: OAuthLinkList, tags: ["connect"] },
  ({ caller, params, query }) => listOAuthLinks(scopeOf(caller), params.address, query.chain_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
