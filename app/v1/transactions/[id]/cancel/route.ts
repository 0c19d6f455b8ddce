// POST /v1/transactions/{id}/cancel — cancel a chain write (an addition to the spec)
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { Transaction } from "@/lib/schemas/transactions";
import { cancelTransaction } from "@/lib/chain/records/cancel";

export const POST = api(
  {
    auth: "api_key",
    summary: "Cancel a transaction (an addition to the spec)",
    description:
      "An addition to the spec. A transaction not yet signed ends at once: `failed` with error code `cancelled`. A signed or submitted one is replaced " +
      "by its wallet with a 0-value self-transfer at the same nonce, paying more than the original (allowed even above the network's fee cap); " +
      "`cancel_requested` is set and the answer shows it still open. Its end comes from the chain only: `failed` with error code `cancelled` " +
      "(event transaction.failed) if the self-transfer is mined, otherwise the original's own outcome (transaction.confirmed, or transaction.failed). " +
      "Repeating the call changes nothing and answers the record as it is. 409 `transaction_final`: it is already confirmed or failed (not cancelled); " +
      "409 `transaction_not_cancellable`: it is sent by a smart account or a Safe, not by the wallet itself.",
    params: IdParam,
    response: Transaction,
    errors: { 409: "`transaction_final`: already confirmed or failed; `transaction_not_cancellable`: not sent by the wallet itself" },
    tags: ["transactions"],
  },
  ({ tenantId, caller, params }) => cancelTransaction(tenantId, caller.livemode, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
