// /v1/connect/accounts — register a self-custody smart account (idempotent per signer and chain) and list them
import { connectApi } from "@/lib/api/connect-routes";
import { ConnectAccount, ConnectAccountList, CreateConnectAccountInput, ListConnectAccountsQuery } from "@/lib/schemas/connect";
import { listAccounts, registerAccount } from "@/lib/connect/accounts/service";

export const POST = connectApi(
  {
    summary: "Register a smart account (returns the existing one for the same signer and chain; deployed by its first user operation)",
    body: CreateConnectAccountInput,
    response: ConnectAccount,
    status: 201,
  },
  ({ scope, body }) => registerAccount(scope, body),
);

export const GET = connectApi(
  { summary: "List the tenant's smart accounts", query: ListConnectAccountsQuery, response: ConnectAccountList },
  ({ scope, query }) => listAccounts(scope, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH, DELETE } = unmatchedMethods;
