// GET /v1/connect/accounts/{address}/safety-net — two or more passkeys, or recovery configured
import { api } from "@/lib/api/handler";
import { AccountParams, ChainQuery, SafetyNet } from "@/lib/schemas/connect-identity";
import { safetyNet } from "@/lib/connect/safety-net";
import { scopeOf } from "@/lib/tokens/scope";

export const GET = api(
  { auth: "api_key", summary: "Whether the account has a safety net (two or more passkeys, or recovery configured)", params: AccountParams, query: ChainQuery, response: SafetyNet, tags: ["connect"] },
  ({ caller, params, query }) => safetyNet(scopeOf(caller), params.address, query.chain_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
