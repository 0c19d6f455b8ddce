// POST /v1/tokens/{id}/permit2_transfer — Gasless transfer through Permit2 (ERC20_ALT)
import { api } from "@/lib/api/handler";
import { TokenParams, Permit2TransferInput, Transaction } from "@/lib/schemas/tokens";
import { permit2Transfer } from "@/lib/tokens/permit";

export const POST = api(
  { auth: "api_key", summary: "Gasless transfer through Permit2 (ERC20_ALT)", params: TokenParams, body: Permit2TransferInput, response: Transaction, status: 201, tags: ["tokens"] },
  ({ scope, params, body }) => permit2Transfer(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
