// POST /v1/tokens/{id}/set_uri — Set the default URI (ERC-1155)
import { api } from "@/lib/api/handler";
import { TokenParams, SetUriInput, Transaction } from "@/lib/schemas/tokens";
import { setUri } from "@/lib/tokens/operations";

export const POST = api(
  { auth: "api_key", summary: "Set the default URI (ERC-1155)", params: TokenParams, body: SetUriInput, response: Transaction, status: 201, tags: ["tokens"] },
  ({ scope, params, body }) => setUri(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
