// GET /v1/connect/accounts/{address}/sessions — the account's session keys, with their on-chain state
import { connectApi } from "@/lib/api/connect-routes";
import { AccountParams } from "@/lib/schemas/connect-identity";
import { SessionKeyList, SessionKeyListQuery } from "@/lib/schemas/connect-sessions";
import { listSessions } from "@/lib/connect/sessions/service";

export const GET = connectApi(
  { summary: "List session keys", params: AccountParams, query: SessionKeyListQuery, response: SessionKeyList, errors: { 404: "No such account for this tenant", 502: "The chain did not answer" } },
  ({ scope, params, query }) => listSessions(scope, params.address, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
