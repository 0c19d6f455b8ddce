// POST /v1/tokens/{id}/set_approval_for_all — Approve or revoke an operator for all tokens
import { api } from "@/lib/api/handler";
import { TokenParams, SetApprovalForAllInput, Transaction } from "@/lib/schemas/tokens";
import { setApprovalForAll } from "@/lib/tokens/operations";

export const POST = api(
  { auth: "api_key", summary: "Approve or revoke an operator for all tokens", params: TokenParams, body: SetApprovalForAllInput, response: Transaction, status: 201, tags: ["tokens"] },
  ({ scope, params, body }) => setApprovalForAll(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
