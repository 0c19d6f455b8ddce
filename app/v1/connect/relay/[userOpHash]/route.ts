// GET /v1/connect/relay/{userOpHash} — status of a relayed operation
import { connectApi } from "@/lib/api/connect-routes";
import { RelayOperation, UserOpHashParams } from "@/lib/schemas/connect";
import { relayStatus } from "@/lib/connect/user-ops/relay";

export const GET = connectApi(
  { summary: "Status of a relayed user operation", params: UserOpHashParams, response: RelayOperation },
  ({ scope, params }) => relayStatus(scope, params.userOpHash),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
