// POST /v1/compliance/modules/{id}/set_max_balance — Update the max balance per investor identity on a MaxBalanceModule (setMaxBalance)
import { api } from "@/lib/api/handler";
import { MaxBalanceInput, ModuleParams, Transaction } from "@/lib/schemas/compliance";
import { applyRule } from "@/lib/trex/compliance/service";

export const POST = api(
  { auth: "api_key", summary: "Update the max balance per investor identity on a MaxBalanceModule (setMaxBalance)", params: ModuleParams, body: MaxBalanceInput, response: Transaction, status: 201, tags: ["compliance"] },
  ({ scope, params, body }) => applyRule(scope, params.id, { rule: "max_balance", max_balance: body.max_balance }, body, "set_max_balance"),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
