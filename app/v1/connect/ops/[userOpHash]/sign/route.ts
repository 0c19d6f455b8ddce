// POST /v1/connect/ops/{userOpHash}/sign — the client's signature: awaiting_sign → pending before the bundler is called
// (failed only when the bundler refuses it and the chain shows it cannot have run; lib/connect/user-ops/evidence.ts)
import { connectApi } from "@/lib/api/connect-routes";
import { OpParams, RelayOperation, SignatureInput } from "@/lib/schemas/connect";
import { signOp } from "@/lib/connect/user-ops/prepare";

export const POST = connectApi(
  { summary: "Submit the client's signature of an operation awaiting it (awaiting_sign → pending)", params: OpParams, body: SignatureInput, response: RelayOperation, status: 200, errors: { 502: "The bundler could not be reached; the operation stays awaiting_sign. A send without an answer stays pending: the chain settles it." } },
  ({ scope, params, body }) => signOp(scope, params.userOpHash, body.signature),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
