// /v1/connect/accounts — register a self-custody smart account (idempotent per signer and chain) and list them
import { api } from "@/lib/api/handler";
import { ConnectAccount, ConnectAccountList, CreateConnectAccountInput, ListConnectAccountsQuery } from "@/lib/schemas/connect";
import { listAccounts, registerAccount } from "@/lib/connect/accounts";
import { scopeOf } from "@/lib/tokens/scope";

export const POST = api(
  {
    auth: "api_key",
    summary: "Register a smart account (returns the existing one for the same signer and chain; deployed by its first user operation)",
    body: CreateConnectAccountInput,
    response: ConnectAccount,
    status: 201,
    tags: ["connect"],
  },
  ({ caller, body }) => registerAccount(scopeOf(caller), body),
);

export const GET = api(
  { auth: "api_key", summary: "List the tenant's smart accounts", query: ListConnectAccountsQuery, response: ConnectAccountList, tags: ["connect"] },
  ({ caller, query }) => listAccounts(scopeOf(caller), query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH, DELETE } = unmatchedMethods;
