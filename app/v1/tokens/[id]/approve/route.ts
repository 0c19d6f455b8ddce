// POST /v1/tokens/{id}/approve — Approve an address to spend tokens
import { api } from "@/lib/api/handler";
import { TokenParams, ApproveInput, Transaction } from "@/lib/schemas/tokens";
import { approve } from "@/lib/tokens/operations";

export const POST = api(
  { auth: "api_key", summary: "Approve an address to spend tokens", params: TokenParams, body: ApproveInput, response: Transaction, status: 201, tags: ["tokens"] },
  ({ scope, params, body }) => approve(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
