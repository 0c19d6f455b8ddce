// GET /v1/connect/accounts/{address} — account details, deployment, balance and nonce read from chain
import { api } from "@/lib/api/handler";
import { AccountParams, AccountQuery, ConnectAccountDetails } from "@/lib/schemas/connect";
import { accountDetails } from "@/lib/connect/accounts";
import { scopeOf } from "@/lib/tokens/scope";

export const GET = api(
  { auth: "api_key", summary: "Smart account details (deployment, balance and nonce read from chain)", params: AccountParams, query: AccountQuery, response: ConnectAccountDetails, tags: ["connect"] },
  ({ caller, params, query }) => accountDetails(scopeOf(caller), params.address, query.chain_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
