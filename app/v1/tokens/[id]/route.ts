// GET /v1/tokens/{id} — retrieve a token (poll it until status `deployed`)
import { api } from "@/lib/api/handler";
import { Token, TokenParams } from "@/lib/schemas/tokens";
import { getToken } from "@/lib/tokens/service";

export const GET = api(
  { auth: "api_key", summary: "Retrieve a token", params: TokenParams, response: Token, tags: ["tokens"] },
  ({ scope, params }) => getToken(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
