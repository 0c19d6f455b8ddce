// POST /v1/connect/ops/{userOpHash}/sign-and-relay — only the signature: the server's v0.7 user operation goes to the bundler
import { connectApi } from "@/lib/api/connect-routes";
import { OpParams, RelayOperation, SignatureInput } from "@/lib/schemas/connect";
import { signAndRelay } from "@/lib/connect/user-ops/prepare";

export const POST = connectApi(
  { summary: "Sign and relay: the body carries only the signature; the built v0.7 user operation is forwarded to the bundler", params: OpParams, body: SignatureInput, response: RelayOperation, status: 200, errors: { 502: "The bundler refused the user operation and the chain shows it did not run (its reason in the message), or could not be reached; the operation awaits a signature again. A send without an answer stays pending: the chain settles it." } },
  ({ scope, params, body }) => signAndRelay(scope, params.userOpHash, body.signature),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
