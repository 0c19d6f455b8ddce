// GET /v1/connect/ops/pending — operations awaiting the client's signature, each with its callData and user operation
import { connectApi } from "@/lib/api/connect-routes";
import { PendingOpsQuery, RelayOperationList } from "@/lib/schemas/connect";
import { pendingOps } from "@/lib/connect/user-ops/prepare";

export const GET = connectApi(
  { summary: "Operations awaiting a client signature (with their encoded callData)", query: PendingOpsQuery, response: RelayOperationList },
  ({ scope, query }) => pendingOps(scope, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
