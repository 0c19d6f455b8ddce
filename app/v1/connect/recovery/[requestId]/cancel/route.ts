// POST /v1/connect/recovery/{requestId}/cancel — the owner cancels a pending recovery; off-chain
import { api } from "@/lib/api/handler";
import { RecoveryCancelInput, RecoveryRequest, RequestIdParams } from "@/lib/schemas/connect-recovery";
import { cancelRecovery } from "@/lib/connect/recovery";
import { scopeOf } from "@/lib/tokens/scope";

export const POST = api(
  {
    auth: "api_key",
    summary: "Cancel a pending recovery request (terminal `cancelled`)",
    params: RequestIdParams,
    body: RecoveryCancelInput,
    response: RecoveryRequest,
    status: 200,
    errors: { 404: "No recovery request with this id for this tenant" },
    tags: ["connect"],
  },
  ({ caller, params }) => cancelRecovery(scopeOf(caller), params.requestId),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
