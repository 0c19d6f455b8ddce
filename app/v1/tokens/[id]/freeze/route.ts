// POST /v1/tokens/{id}/freeze — Freeze an investor address (setAddressFrozen true; agent action)
import { api } from "@/lib/api/handler";
import { TokenParams } from "@/lib/schemas/tokens";
import { Transaction } from "@/lib/schemas/transactions";
import { FreezeInput } from "@/lib/schemas/token-controls";
import { setFrozen } from "@/lib/trex/controls/service";

export const POST = api(
  { auth: "api_key", summary: "Freeze an investor address (setAddressFrozen true; agent action)", params: TokenParams, body: FreezeInput, response: Transaction, tags: ["regulated tokens"] },
  ({ scope, params, body }) => setFrozen(scope, params.id, body, true),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
