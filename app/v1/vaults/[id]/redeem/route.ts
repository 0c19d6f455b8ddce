// POST /v1/vaults/{id}/redeem — redeem the tenant wallet's shares for assets
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { RedeemInput, VaultOperation } from "@/lib/schemas/vaults";
import { redeem } from "@/lib/vaults/service";

export const POST = api(
  {
    auth: "api_key", summary: "Redeem shares for assets", params: IdParam, body: RedeemInput, response: VaultOperation, status: 201,
    errors: { 404: "No such vault" }, tags: ["vaults"],
  },
  ({ scope, params, body }) => redeem(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
