// GET /v1/connect/accounts/{address}/safety-net — two or more passkeys, or recovery configured
import { connectApi } from "@/lib/api/connect-routes";
import { AccountParams, ChainQuery, SafetyNet } from "@/lib/schemas/connect-identity";
import { safetyNet } from "@/lib/connect/accounts/safety-net";

export const GET = connectApi(
  { summary: "Whether the account has a safety net (two or more passkeys, or recovery configured)", params: AccountParams, query: ChainQuery, response: SafetyNet },
  ({ scope, params, query }) => safetyNet(scope, params.address, query.chain_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
