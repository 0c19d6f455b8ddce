// POST /v1/tokens/{id}/unpause — Unpause transfers (pausable tokens)
import { api } from "@/lib/api/handler";
import { TokenParams, PauseInput, Transaction } from "@/lib/schemas/tokens";
import { unpause } from "@/lib/tokens/operations";

export const POST = api(
  { auth: "api_key", summary: "Unpause transfers (pausable tokens)", params: TokenParams, body: PauseInput, response: Transaction, status: 201, tags: ["tokens"] },
  ({ scope, params, body }) => unpause(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
