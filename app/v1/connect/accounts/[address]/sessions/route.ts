// GET /v1/connect/accounts/{address}/sessions — the account's session keys, with their on-chain state
import { api } from "@/lib/api/handler";
import { AccountParams } from "@/lib/schemas/connect-identity";
import { SessionKeyList, SessionKeyListQuery } from "@/lib/schemas/connect-sessions";
import { listSessions } from "@/lib/connect/sessions";
import { scopeOf } from "@/lib/tokens/scope";

export const GET = api(
  {
    auth: "api_key",
    summary: "List session keys",
    params: AccountParams,
    query: SessionKeyListQuery,
    response: SessionKeyList,
    errors: { 404: "No such account for this tenant", 502: "The chain did not answer" },
    tags: ["connect"],
  },
  ({ caller, params, query }) => listSessions(scopeOf(caller), params.address, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
