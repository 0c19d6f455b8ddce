// POST /v1/tokens/{id}/set_uri — Set the default URI (ERC-1155)
import { api } from "@/lib/api/handler";
import { TokenParams, SetUriInput, Transaction } from "@/lib/schemas/tokens";
import { setUri } from "@/lib/tokens/operations";
import { scopeOf } from "@/lib/tokens/scope";

export const POST = api(
  { auth: "api_key", summary: "Set the default URI (ERC-1155)", params: TokenParams, body: SetUriInput, response: Transaction, status: 201, tags: ["tokens"] },
  ({ caller, params, body }) => setUri(scopeOf(caller), params.id, body),
);

export { GET, PUT, PATCH, DELETE } from "@/lib/api/unmatched"; // 405 (scripts/gen-routes.ts)
