// POST /v1/multisigs/{id}/transactions/{txIndex}/execute — execTransaction with the collected owner signatures
import { api } from "@/lib/api/handler";
import { ExecuteMultisigTxInput, TxIndexParams } from "@/lib/schemas/multisig";
import { Transaction } from "@/lib/schemas/transactions";
import { executeMultisigTx } from "@/lib/multisig/transactions";

export const POST = api(
  {
    auth: "api_key", summary: "Execute the Safe transaction with the owners' signatures (sorted by owner; every Safe kind); answers the transaction",
    params: TxIndexParams, body: ExecuteMultisigTxInput, response: Transaction, status: 201, errors: { 404: "No such multisig or transaction" }, tags: ["multisigs"],
  },
  ({ scope, params, body }) => executeMultisigTx(scope, params.id, params.txIndex, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
