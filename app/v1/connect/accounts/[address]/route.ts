// GET /v1/connect/accounts/{address} — account details, deployment, balance and nonce read from chain
import { connectApi } from "@/lib/api/connect-routes";
import { AccountParams, AccountQuery, ConnectAccountDetails } from "@/lib/schemas/connect";
import { accountDetails } from "@/lib/connect/accounts/service";

export const GET = connectApi(
  { summary: "Smart account details (deployment, balance and nonce read from chain)", params: AccountParams, query: AccountQuery, response: ConnectAccountDetails },
  ({ scope, params, query }) => accountDetails(scope, params.address, query.chain_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
