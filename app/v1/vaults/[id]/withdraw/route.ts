// POST /v1/vaults/{id}/withdraw — withdraw assets with the tenant wallet's shares
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { WithdrawInput, VaultOperation } from "@/lib/schemas/vaults";
import { withdraw } from "@/lib/vaults/service";

export const POST = api(
  {
    auth: "api_key", summary: "Withdraw assets", params: IdParam, body: WithdrawInput, response: VaultOperation, status: 201,
    errors: { 404: "No such vault" }, tags: ["vaults"],
  },
  ({ scope, params, body }) => withdraw(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
