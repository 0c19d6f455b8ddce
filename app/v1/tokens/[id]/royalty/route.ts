// POST /v1/tokens/{id}/royalty — Set the default royalty of the token contract
import { api } from "@/lib/api/handler";
import { TokenParams, RoyaltyBody, Transaction } from "@/lib/schemas/tokens";
import { setDefaultRoyalty } from "@/lib/tokens/operations";

export const POST = api(
  { auth: "api_key", summary: "Set the default royalty of the token contract", params: TokenParams, body: RoyaltyBody, response: Transaction, status: 201, tags: ["tokens"] },
  ({ scope, params, body }) => setDefaultRoyalty(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
