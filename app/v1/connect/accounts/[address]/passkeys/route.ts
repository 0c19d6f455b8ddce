// GET /v1/connect/accounts/{address}/passkeys — the account's passkeys
import { api } from "@/lib/api/handler";
import { AccountParams, PasskeyList, PasskeyListQuery } from "@/lib/schemas/connect-identity";
import { listPasskeys } from "@/lib/connect/passkeys";
import { scopeOf } from "@/lib/tokens/scope";

export const GET = api(
  { auth: "api_key", summary: "List passkeys", params: AccountParams, query: PasskeyListQuery, response: PasskeyList, tags: ["connect"] },
  ({ caller, params, query }) => listPasskeys(scopeOf(caller), params.address, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
