// POST /v1/connect/recovery/{requestId}/execute — the guardians' callData (initiateRecovery, then after the on-chain timelock doRecovery); with executed_tx_hash, checked on chain
import { connectApi } from "@/lib/api/connect-routes";
import { RecoveryExecuteInput, RecoveryExecution, RequestIdParams } from "@/lib/schemas/connect-recovery";
import { executeRecovery } from "@/lib/connect/recovery/service";

export const POST = connectApi(
  {
    summary:
      "Without executed_tx_hash: the callData and the RecoveryValidator nonce key for the guardians' user operation: phase `initiate` (initiateRecovery) starts the on-chain timelock, phase `execute` (doRecovery) runs the recovery once the chain's clock reaches executable_at (400 timelock_active before it, 400 below the threshold). With it: the initiating transaction records executable_at from its RecoveryInitiated event; the executing one and the account's new root validator are checked on chain and the request becomes `executed`",
    params: RequestIdParams,
    body: RecoveryExecuteInput,
    response: RecoveryExecution,
    status: 200,
    errors: { 404: "No recovery request with this id for this tenant", 409: "Another recovery is pending on chain, or this one is no longer" },
  },
  ({ scope, params, body }) => executeRecovery(scope, params.requestId, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
