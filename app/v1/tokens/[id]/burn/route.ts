// POST /v1/tokens/{id}/burn — Burn tokens
import { api } from "@/lib/api/handler";
import { TokenParams, BurnInput, Transaction } from "@/lib/schemas/tokens";
import { burn } from "@/lib/tokens/operations";

export const POST = api(
  { auth: "api_key", summary: "Burn tokens", params: TokenParams, body: BurnInput, response: Transaction, status: 201, tags: ["tokens"] },
  ({ scope, params, body }) => burn(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
