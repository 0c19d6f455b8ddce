// POST /v1/vaults/{id}/deposit — deposit assets from the tenant wallet
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { DepositInput, VaultOperation } from "@/lib/schemas/vaults";
import { deposit } from "@/lib/vaults/service";

export const POST = api(
  {
    auth: "api_key", summary: "Deposit assets (approve, then deposit, tracked as one vault operation)", params: IdParam, body: DepositInput, response: VaultOperation, status: 201,
    errors: { 404: "No such vault" }, tags: ["vaults"],
  },
  ({ scope, params, body }) => deposit(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
