// GET /v1/multisigs/{id}/transactions/{txIndex}/confirmations/{address} — whether the address approved the hash on chain
import { api } from "@/lib/api/handler";
import { MultisigConfirmation, TxConfirmationParams } from "@/lib/schemas/multisig";
import { multisigConfirmation } from "@/lib/multisig/transactions";

export const GET = api(
  {
    auth: "api_key", summary: "Whether the address approved the Safe transaction hash on chain (approvedHashes)", params: TxConfirmationParams,
    response: MultisigConfirmation, errors: { 404: "No such multisig or transaction" }, tags: ["multisigs"],
  },
  ({ scope, params }) => multisigConfirmation(scope, params.id, params.txIndex, params.address),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
