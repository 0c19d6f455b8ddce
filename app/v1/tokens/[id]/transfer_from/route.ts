// POST /v1/tokens/{id}/transfer_from — Transfer using an allowance
import { api } from "@/lib/api/handler";
import { TokenParams, TransferFromInput, Transaction } from "@/lib/schemas/tokens";
import { transferFrom } from "@/lib/tokens/operations";

export const POST = api(
  { auth: "api_key", summary: "Transfer using an allowance", params: TokenParams, body: TransferFromInput, response: Transaction, status: 201, tags: ["tokens"] },
  ({ scope, params, body }) => transferFrom(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
