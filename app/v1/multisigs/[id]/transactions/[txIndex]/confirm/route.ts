// POST /v1/multisigs/{id}/transactions/{txIndex}/confirm — approveHash(safeTxHash), sent by the acting account when it is an owner
import { api } from "@/lib/api/handler";
import { ConfirmMultisigTxInput, TxIndexParams } from "@/lib/schemas/multisig";
import { Transaction } from "@/lib/schemas/transactions";
import { confirmMultisigTx } from "@/lib/multisig/transactions";

export const POST = api(
  {
    auth: "api_key", summary: "Approve the Safe transaction hash on chain (approveHash) from the acting account; other owners sign off-chain", params: TxIndexParams,
    body: ConfirmMultisigTxInput, response: Transaction, status: 201, errors: { 404: "No such multisig or transaction" }, tags: ["multisigs"],
  },
  ({ scope, params, body }) => confirmMultisigTx(scope, params.id, params.txIndex, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
