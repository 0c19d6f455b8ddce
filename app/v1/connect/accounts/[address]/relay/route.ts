// GET /v1/connect/accounts/{address}/relay — relay operations of the account, newest first
import { connectApi } from "@/lib/api/connect-routes";
import { AccountParams, ListConnectAccountsQuery, RelayOperationList } from "@/lib/schemas/connect";
import { listAccountRelays } from "@/lib/connect/user-ops/relay";

export const GET = connectApi(
  { summary: "Relay operations of the account", params: AccountParams, query: ListConnectAccountsQuery, response: RelayOperationList },
  ({ scope, params, query }) => listAccountRelays(scope, params.address, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
