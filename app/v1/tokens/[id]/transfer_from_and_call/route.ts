// POST /v1/tokens/{id}/transfer_from_and_call — ERC-1363 transfer on behalf and notify the receiver contract
import { api } from "@/lib/api/handler";
import { TokenParams, TransferFromAndCallInput, Transaction } from "@/lib/schemas/tokens";
import { transferFromAndCall } from "@/lib/tokens/operations";

export const POST = api(
  { auth: "api_key", summary: "ERC-1363 transfer on behalf and notify the receiver contract", params: TokenParams, body: TransferFromAndCallInput, response: Transaction, status: 201, tags: ["tokens"] },
  ({ scope, params, body }) => transferFromAndCall(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
