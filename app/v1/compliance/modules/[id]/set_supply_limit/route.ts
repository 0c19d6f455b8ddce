// POST /v1/compliance/modules/{id}/set_supply_limit — Update the supply limit on a SupplyLimitModule (setSupplyLimit)
import { api } from "@/lib/api/handler";
import { SupplyLimitInput, ModuleParams, Transaction } from "@/lib/schemas/compliance";
import { applyRule } from "@/lib/trex/compliance/service";

export const POST = api(
  { auth: "api_key", summary: "Update the supply limit on a SupplyLimitModule (setSupplyLimit)", params: ModuleParams, body: SupplyLimitInput, response: Transaction, status: 201, tags: ["compliance"] },
  ({ scope, params, body }) => applyRule(scope, params.id, { rule: "supply_limit", supply_limit: body.supply_limit }, body, "set_supply_limit"),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
