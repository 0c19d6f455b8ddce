// GET /v1/connect/accounts/{address}/passkeys — the account's passkeys
import { connectApi } from "@/lib/api/connect-routes";
import { AccountParams, PasskeyList, PasskeyListQuery } from "@/lib/schemas/connect-identity";
import { listPasskeys } from "@/lib/connect/end-users/passkeys";

export const GET = connectApi(
  { summary: "List passkeys", params: AccountParams, query: PasskeyListQuery, response: PasskeyList },
  ({ scope, params, query }) => listPasskeys(scope, params.address, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
