// POST /v1/connect/recovery/initiate — a guardian proposes a new owner; off-chain, executable after the timelock
import { connectApi } from "@/lib/api/connect-routes";
import { RecoveryInitiateInput, RecoveryRequest } from "@/lib/schemas/connect-recovery";
import { initiateRecovery } from "@/lib/connect/recovery/service";

export const POST = connectApi(
  { summary: "A guardian proposes new root-validator key data (a new owner); the request is pending until executed or cancelled", body: RecoveryInitiateInput, response: RecoveryRequest, status: 201, errors: { 404: "The account is not a smart account of this tenant on that chain", 409: "A recovery request of the account is already pending" } },
  ({ scope, body }) => initiateRecovery(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
