// POST /v1/tokens/{id}/set_base_uri — Set the base URI (ERC-721; ERC-1155 per-token prefix)
import { api } from "@/lib/api/handler";
import { TokenParams, SetBaseUriInput, Transaction } from "@/lib/schemas/tokens";
import { setBaseUri } from "@/lib/tokens/operations";

export const POST = api(
  { auth: "api_key", summary: "Set the base URI (ERC-721; ERC-1155 per-token prefix)", params: TokenParams, body: SetBaseUriInput, response: Transaction, status: 201, tags: ["tokens"] },
  ({ scope, params, body }) => setBaseUri(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
