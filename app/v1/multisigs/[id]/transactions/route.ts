// /v1/multisigs/{id}/transactions — list the Safe transactions; propose one (stored with its safeTxHash)
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { ListMultisigTxQuery, MultisigTransaction, MultisigTransactionList, SubmitMultisigTxInput } from "@/lib/schemas/multisig";
import { listMultisigTxs, submitMultisigTx } from "@/lib/multisig/transactions";

export const GET = api(
  { auth: "api_key", summary: "List the multisig's Safe transactions (filter by status)", params: IdParam, query: ListMultisigTxQuery, response: MultisigTransactionList, errors: { 404: "No such multisig" }, tags: ["multisigs"] },
  ({ scope, params, query }) => listMultisigTxs(scope, params.id, query),
);

export const POST = api(
  { auth: "api_key", summary: "Submit a Safe transaction for approval: stored with its safe_tx_hash and tx_index", params: IdParam, body: SubmitMultisigTxInput, response: MultisigTransaction, status: 201, errors: { 404: "No such multisig" }, tags: ["multisigs"] },
  ({ scope, params, body }) => submitMultisigTx(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH, DELETE } = unmatchedMethods;
