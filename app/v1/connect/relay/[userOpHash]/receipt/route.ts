// GET /v1/connect/relay/{userOpHash}/receipt — the bundler's receipt; null while not yet mined
import { api } from "@/lib/api/handler";
import { ReceiptQuery, RelayReceipt, UserOpHashParams } from "@/lib/schemas/connect";
import { relayReceipt } from "@/lib/connect/relay";
import { scopeOf } from "@/lib/tokens/scope";

export const GET = api(
  {
    auth: "api_key",
    summary: "On-chain receipt of a relayed user operation (null while not yet mined)",
    params: UserOpHashParams,
    query: ReceiptQuery,
    response: RelayReceipt,
    errors: { 502: "The bundler did not answer" },
    tags: ["connect"],
  },
  ({ caller, params, query }) => relayReceipt(scopeOf(caller), params.userOpHash, query.chain_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
