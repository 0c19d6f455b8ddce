// POST /v1/tokens/{id}/transfer_and_call — ERC-1363 transfer and notify the receiver contract
import { api } from "@/lib/api/handler";
import { TokenParams, TransferAndCallInput, Transaction } from "@/lib/schemas/tokens";
import { transferAndCall } from "@/lib/tokens/operations";

export const POST = api(
  { auth: "api_key", summary: "ERC-1363 transfer and notify the receiver contract", params: TokenParams, body: TransferAndCallInput, response: Transaction, status: 201, tags: ["tokens"] },
  ({ scope, params, body }) => transferAndCall(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
