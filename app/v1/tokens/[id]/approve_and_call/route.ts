// POST /v1/tokens/{id}/approve_and_call — ERC-1363 approve and notify the spender contract
import { api } from "@/lib/api/handler";
import { TokenParams, ApproveAndCallInput, Transaction } from "@/lib/schemas/tokens";
import { approveAndCall } from "@/lib/tokens/operations";

export const POST = api(
  { auth: "api_key", summary: "ERC-1363 approve and notify the spender contract", params: TokenParams, body: ApproveAndCallInput, response: Transaction, status: 201, tags: ["tokens"] },
  ({ scope, params, body }) => approveAndCall(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
