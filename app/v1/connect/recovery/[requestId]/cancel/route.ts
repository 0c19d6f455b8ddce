// POST /v1/connect/recovery/{requestId}/cancel — the owner cancels a pending recovery (on chain once it was initiated there)
import { connectApi } from "@/lib/api/connect-routes";
import { RecoveryCancelInput, RecoveryRequest, RequestIdParams } from "@/lib/schemas/connect-recovery";
import { cancelRecovery } from "@/lib/connect/recovery/service";

export const POST = connectApi(
  {
    summary:
      "Cancel a pending recovery request: `cancelled` at once while it is not initiated on chain; once it is, the owner's cancelRecovery user operation is prepared (cancel_user_op_hash, to sign and relay) and the request becomes `cancelled` when it is confirmed",
    params: RequestIdParams,
    body: RecoveryCancelInput,
    response: RecoveryRequest,
    status: 200,
    errors: { 404: "No recovery request with this id for this tenant" },
  },
  ({ scope, params }) => cancelRecovery(scope, params.requestId),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
