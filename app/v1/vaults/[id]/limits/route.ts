// GET /v1/vaults/{id}/limits — maxDeposit, maxMint, maxWithdraw, maxRedeem of an address
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { AddressQuery, VaultLimits } from "@/lib/schemas/vaults";
import { limits } from "@/lib/vaults/service";

export const GET = api(
  { auth: "api_key", summary: "Max deposit, withdraw, mint and redeem for an address", params: IdParam, query: AddressQuery, response: VaultLimits, errors: { 404: "No such vault" }, tags: ["vaults"] },
  ({ scope, params, query }) => limits(scope, params.id, query.address),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
