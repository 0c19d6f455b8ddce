// GET /v1/multisigs/{id}/transactions/{txIndex} — a Safe transaction from the local store
import { api } from "@/lib/api/handler";
import { MultisigTransaction, TxIndexParams } from "@/lib/schemas/multisig";
import { getMultisigTx } from "@/lib/multisig/transactions";

export const GET = api(
  {
    auth: "api_key", summary: "Safe transaction details from the local store", params: TxIndexParams, response: MultisigTransaction,
    errors: { 404: "No such multisig or transaction" }, tags: ["multisigs"],
  },
  ({ scope, params }) => getMultisigTx(scope, params.id, params.txIndex),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
