// POST /v1/connect/ops/{userOpHash}/sign-and-relay — only the signature: the server's v0.7 user operation goes to the bundler
import { api } from "@/lib/api/handler";
import { OpParams, RelayOperation, SignatureInput } from "@/lib/schemas/connect";
import { signAndRelay } from "@/lib/connect/ops";
import { scopeOf } from "@/lib/tokens/scope";

export const POST = api(
  {
    auth: "api_key",
    summary: "Sign and relay: the body carries only the signature; the built v0.7 user operation is forwarded to the bundler",
    params: OpParams,
    body: SignatureInput,
    response: RelayOperation,
    status: 200,
    errors: { 502: "The bundler refused the user operation and the chain shows it did not run (its reason in the message), or could not be reached; the operation awaits a signature again. A send without an answer stays pending: the chain settles it." },
    tags: ["connect"],
  },
  ({ caller, params, body }) => signAndRelay(scopeOf(caller), params.userOpHash, body.signature),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
