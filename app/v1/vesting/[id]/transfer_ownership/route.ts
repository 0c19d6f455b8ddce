// POST /v1/vesting/{id}/transfer_ownership — give the wallet to a new beneficiary, when the tenant's wallet is the beneficiary
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { Transaction } from "@/lib/schemas/transactions";
import { TransferVestingOwnershipInput } from "@/lib/schemas/vesting";
import { transferVestingOwnership } from "@/lib/vesting/service";

export const POST = api(
  {
    auth: "api_key", summary: "Transfer the wallet (its beneficiary) to a new owner; only when the beneficiary is the tenant's own wallet", params: IdParam,
    body: TransferVestingOwnershipInput, response: Transaction, status: 201, errors: { 404: "No such vesting schedule" }, tags: ["vesting"],
  },
  ({ scope, params, body }) => transferVestingOwnership(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
