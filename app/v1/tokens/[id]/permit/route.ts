// POST /v1/tokens/{id}/permit — Submit a signed EIP-2612 permit (gasless approval)
import { api } from "@/lib/api/handler";
import { TokenParams, PermitInput, Transaction } from "@/lib/schemas/tokens";
import { permit } from "@/lib/tokens/permit";

export const POST = api(
  { auth: "api_key", summary: "Submit a signed EIP-2612 permit (gasless approval)", params: TokenParams, body: PermitInput, response: Transaction, status: 201, tags: ["tokens"] },
  ({ scope, params, body }) => permit(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
