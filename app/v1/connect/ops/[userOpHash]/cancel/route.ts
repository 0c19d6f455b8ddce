// POST /v1/connect/ops/{userOpHash}/cancel — cancel an operation that has not been signed
import { connectApi } from "@/lib/api/connect-routes";
import { writeBody } from "@/lib/schemas/common";
import { OpParams, RelayOperation } from "@/lib/schemas/connect";
import { cancelOp } from "@/lib/connect/user-ops/prepare";

export const POST = connectApi(
  { summary: "Cancel an operation awaiting its signature", params: OpParams, body: writeBody({}), response: RelayOperation, status: 200 },
  ({ scope, params }) => cancelOp(scope, params.userOpHash),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
