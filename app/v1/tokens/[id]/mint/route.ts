// POST /v1/tokens/{id}/mint — Mint new tokens to an address
import { api } from "@/lib/api/handler";
import { TokenParams, MintInput, Transaction } from "@/lib/schemas/tokens";
import { mint } from "@/lib/tokens/operations";

export const POST = api(
  { auth: "api_key", summary: "Mint new tokens to an address", params: TokenParams, body: MintInput, response: Transaction, status: 201, tags: ["tokens"] },
  ({ scope, params, body }) => mint(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
