// POST /v1/tokens/{id}/transfer — Transfer tokens to an address
import { api } from "@/lib/api/handler";
import { TokenParams, TransferInput, Transaction } from "@/lib/schemas/tokens";
import { transfer } from "@/lib/tokens/operations";

export const POST = api(
  { auth: "api_key", summary: "Transfer tokens to an address", params: TokenParams, body: TransferInput, response: Transaction, status: 201, tags: ["tokens"] },
  ({ scope, params, body }) => transfer(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
