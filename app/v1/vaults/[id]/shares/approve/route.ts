// POST /v1/vaults/{id}/shares/approve — approve a spender of the tenant wallet's shares
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { Transaction } from "@/lib/schemas/transactions";
import { SharesApproveInput } from "@/lib/schemas/vaults";
import { approveShares } from "@/lib/vaults/service";

export const POST = api(
  {
    auth: "api_key", summary: "Approve a spender of shares", params: IdParam, body: SharesApproveInput, response: Transaction, status: 201,
    errors: { 404: "No such vault" }, tags: ["vaults"],
  },
  ({ scope, params, body }) => approveShares(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
