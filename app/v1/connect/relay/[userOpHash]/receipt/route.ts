// GET /v1/connect/relay/{userOpHash}/receipt — the bundler's receipt; null while not yet mined
import { connectApi } from "@/lib/api/connect-routes";
import { ReceiptQuery, RelayReceipt, UserOpHashParams } from "@/lib/schemas/connect";
import { relayReceipt } from "@/lib/connect/user-ops/relay";

export const GET = connectApi(
  { summary: "On-chain receipt of a relayed user operation (null while not yet mined)", params: UserOpHashParams, query: ReceiptQuery, response: RelayReceipt, errors: { 502: "The bundler did not answer" } },
  ({ scope, params, query }) => relayReceipt(scope, params.userOpHash, query.chain_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
