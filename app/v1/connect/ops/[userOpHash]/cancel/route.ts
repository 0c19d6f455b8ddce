// POST /v1/connect/ops/{userOpHash}/cancel — cancel an operation that has not been signed
import { api } from "@/lib/api/handler";
import { writeBody } from "@/lib/schemas/common";
import { OpParams, RelayOperation } from "@/lib/schemas/connect";
import { cancelOp } from "@/lib/connect/ops";
import { scopeOf } from "@/lib/tokens/scope";

export const POST = api(
  { auth: "api_key", summary: "Cancel an operation awaiting its signature", params: OpParams, body: writeBody({}), response: RelayOperation, status: 200, tags: ["connect"] },
  ({ caller, params }) => cancelOp(scopeOf(caller), params.userOpHash),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
