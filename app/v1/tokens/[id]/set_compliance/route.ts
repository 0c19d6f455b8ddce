// POST /v1/tokens/{id}/set_compliance — Set the compliance contract (setCompliance; owner action)
import { api } from "@/lib/api/handler";
import { TokenParams } from "@/lib/schemas/tokens";
import { Transaction } from "@/lib/schemas/transactions";
import { SetComplianceInput } from "@/lib/schemas/token-controls";
import { setCompliance } from "@/lib/trex/controls/service";

export const POST = api(
  { auth: "api_key", summary: "Set the compliance contract (setCompliance; owner action)", params: TokenParams, body: SetComplianceInput, response: Transaction, tags: ["regulated tokens"] },
  ({ scope, params, body }) => setCompliance(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
