// POST /v1/connect/recovery/{requestId}/confirm — another guardian confirms; off-chain, idempotent per guardian
import { connectApi } from "@/lib/api/connect-routes";
import { RecoveryConfirmInput, RecoveryRequest, RequestIdParams } from "@/lib/schemas/connect-recovery";
import { confirmRecovery } from "@/lib/connect/recovery/service";

export const POST = connectApi(
  {
    summary: "A guardian confirms a pending recovery request (a guardian who already confirmed is counted once)",
    params: RequestIdParams,
    body: RecoveryConfirmInput,
    response: RecoveryRequest,
    status: 200,
    errors: { 404: "No recovery request with this id for this tenant" },
  },
  ({ scope, params, body }) => confirmRecovery(scope, params.requestId, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
