// POST /v1/tokens/{id}/recover — Recover tokens from a lost wallet to a new wallet of the same investor (recoveryAddress)
import { api } from "@/lib/api/handler";
import { TokenParams } from "@/lib/schemas/tokens";
import { Transaction } from "@/lib/schemas/transactions";
import { RecoverInput } from "@/lib/schemas/token-controls";
import { recover } from "@/lib/trex/controls/service";

export const POST = api(
  { auth: "api_key", summary: "Recover tokens from a lost wallet to a new wallet of the same investor (recoveryAddress)", params: TokenParams, body: RecoverInput, response: Transaction, tags: ["regulated tokens"] },
  ({ scope, params, body }) => recover(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
