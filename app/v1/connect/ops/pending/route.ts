// GET /v1/connect/ops/pending — operations awaiting the client's signature, each with its callData and user operation
import { api } from "@/lib/api/handler";
import { PendingOpsQuery, RelayOperationList } from "@/lib/schemas/connect";
import { pendingOps } from "@/lib/connect/ops";
import { scopeOf } from "@/lib/tokens/scope";

export const GET = api(
  { auth: "api_key", summary: "Operations awaiting a client signature (with their encoded callData)", query: PendingOpsQuery, response: RelayOperationList, tags: ["connect"] },
  ({ caller, query }) => pendingOps(scopeOf(caller), query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
