// GET /v1/vaults/{id}/shares/allowance — share allowance of a spender
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { AllowanceQuery, SharesAllowance } from "@/lib/schemas/vaults";
import { sharesAllowance } from "@/lib/vaults/service";

export const GET = api(
  { auth: "api_key", summary: "ERC-20 allowance of the share token", params: IdParam, query: AllowanceQuery, response: SharesAllowance, errors: { 404: "No such vault" }, tags: ["vaults"] },
  ({ scope, params, query }) => sharesAllowance(scope, params.id, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
