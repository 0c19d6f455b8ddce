// GET /v1/connect/accounts/{address}/recovery — guardians, threshold, timelock and active recovery requests
import { connectApi } from "@/lib/api/connect-routes";
import { AccountParams, ChainQuery } from "@/lib/schemas/connect-identity";
import { AccountRecovery } from "@/lib/schemas/connect-recovery";
import { accountRecovery } from "@/lib/connect/recovery/service";

export const GET = connectApi(
  { summary: "Guardians, threshold, timelock, whether the RecoveryValidator is installed, and active recovery requests", params: AccountParams, query: ChainQuery, response: AccountRecovery, errors: { 404: "The account is not a smart account of this tenant on that chain" } },
  ({ scope, params, query }) => accountRecovery(scope, params.address, query.chain_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
