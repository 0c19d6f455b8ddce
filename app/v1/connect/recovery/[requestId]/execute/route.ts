// POST /v1/connect/recovery/{requestId}/execute — after the timelock: the doRecovery callData; with executed_tx_hash, checked on chain → executed
import { api } from "@/lib/api/handler";
import { RecoveryExecuteInput, RecoveryExecution, RequestIdParams } from "@/lib/schemas/connect-recovery";
import { executeRecovery } from "@/lib/connect/recovery";
import { scopeOf } from "@/lib/tokens/scope";

export const POST = api(
  {
    auth: "api_key",
    summary:
      "Without executed_tx_hash: the doRecovery callData and the RecoveryValidator nonce key for the guardians' user operation (400 before the timelock ends or below the threshold). With it: the transaction and the account's new root validator are checked on chain and the request becomes `executed`",
    params: RequestIdParams,
    body: RecoveryExecuteInput,
    response: RecoveryExecution,
    status: 200,
    errors: { 404: "No recovery request with this id for this tenant" },
    tags: ["connect"],
  },
  ({ caller, params, body }) => executeRecovery(scopeOf(caller), params.requestId, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
