// POST /v1/connect/relay — submit a signed ERC-4337 user operation to the network's bundler (202 while pending)
import { connectApi } from "@/lib/api/connect-routes";
import { RelayInput, RelayOperation } from "@/lib/schemas/connect";
import { relay } from "@/lib/connect/user-ops/relay";

export const POST = connectApi(
  { summary: "Relay a signed user operation through the bundler", body: RelayInput, response: RelayOperation, status: 202, errors: { 404: "The sender is not a smart account of this tenant on that chain", 502: "The bundler refused the user operation and the chain shows it did not run (its reason in the message), or could not be reached; nothing is recorded. A send without an answer is 202 pending: the chain settles it." } },
  ({ scope, body }) => relay(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
