// POST /v1/tokens/{id}/freeze_partial — Freeze a specific amount of an investor's tokens (freezePartialTokens)
import { api } from "@/lib/api/handler";
import { TokenParams } from "@/lib/schemas/tokens";
import { Transaction } from "@/lib/schemas/transactions";
import { PartialFreezeInput } from "@/lib/schemas/token-controls";
import { freezePartial } from "@/lib/trex/controls/service";

export const POST = api(
  { auth: "api_key", summary: "Freeze a specific amount of an investor's tokens (freezePartialTokens)", params: TokenParams, body: PartialFreezeInput, response: Transaction, tags: ["regulated tokens"] },
  ({ scope, params, body }) => freezePartial(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
