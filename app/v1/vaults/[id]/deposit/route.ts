// POST /v1/vaults/{id}/deposit — deposit assets from the tenant wallet
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { Transaction } from "@/lib/schemas/transactions";
import { DepositInput } from "@/lib/schemas/vaults";
import { deposit } from "@/lib/vaults/service";
import { scopeOf } from "@/lib/tokens/scope";

export const POST = api(
  {
    auth: "api_key", summary: "Deposit assets (approve, then deposit); answers the deposit transaction", params: IdParam, body: DepositInput, response: Transaction, status: 201,
    errors: { 404: "No such vault" }, tags: ["vaults"],
  },
  ({ caller, params, body }) => deposit(scopeOf(caller), params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
