// POST /v1/compliance/modules/{id}/rules — add a rule (one configuration change of the module's kind)
import { api } from "@/lib/api/handler";
import { ModuleParams, RuleInput, Transaction } from "@/lib/schemas/compliance";
import { applyRule } from "@/lib/trex/compliance/service";

export const POST = api(
  { auth: "api_key", summary: "Add a rule to the module: one configuration change named by `rule`, which must fit the module's kind", params: ModuleParams, body: RuleInput, response: Transaction, status: 201, tags: ["compliance"] },
  ({ scope, params, body }) => {
    const { idempotency_key: _, ...rule } = body;
    return applyRule(scope, params.id, rule, body, "rules");
  },
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
