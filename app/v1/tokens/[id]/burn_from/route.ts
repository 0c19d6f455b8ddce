// POST /v1/tokens/{id}/burn_from — Burn tokens using an allowance
import { api } from "@/lib/api/handler";
import { TokenParams, BurnFromInput, Transaction } from "@/lib/schemas/tokens";
import { burnFrom } from "@/lib/tokens/operations";

export const POST = api(
  { auth: "api_key", summary: "Burn tokens using an allowance", params: TokenParams, body: BurnFromInput, response: Transaction, status: 201, tags: ["tokens"] },
  ({ scope, params, body }) => burnFrom(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
