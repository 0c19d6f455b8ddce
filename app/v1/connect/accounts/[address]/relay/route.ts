// GET /v1/connect/accounts/{address}/relay — relay operations of the account, newest first
import { api } from "@/lib/api/handler";
import { AccountParams, ListConnectAccountsQuery, RelayOperationList } from "@/lib/schemas/connect";
import { listAccountRelays } from "@/lib/connect/relay";
import { scopeOf } from "@/lib/tokens/scope";

export const GET = api(
  { auth: "api_key", summary: "Relay operations of the account", params: AccountParams, query: ListConnectAccountsQuery, response: RelayOperationList, tags: ["connect"] },
  ({ caller, params, query }) => listAccountRelays(scopeOf(caller), params.address, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
