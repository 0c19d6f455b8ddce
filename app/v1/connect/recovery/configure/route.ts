// POST /v1/connect/recovery/configure — set the account's guardians and threshold (off-chain registry; 200, created or replaced)
import { connectApi } from "@/lib/api/connect-routes";
import { RecoveryConfig, RecoveryConfigureInput } from "@/lib/schemas/connect-recovery";
import { configureRecovery } from "@/lib/connect/recovery/service";

export const POST = connectApi(
  { summary: "Set (create or replace) guardians, threshold and timelock of an account (off-chain registry); answers the callData that installs or updates the RecoveryValidator on chain", body: RecoveryConfigureInput, response: RecoveryConfig, status: 200, errors: { 404: "The account is not a smart account of this tenant on that chain", 409: "A recovery request of the account is pending" } },
  ({ scope, body }) => configureRecovery(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
