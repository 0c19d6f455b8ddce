// /v1/multisigs/{id}/owners/swap — replace an owner atomically (swapOwner); PUT is the legacy form
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { SwapOwnerInput } from "@/lib/schemas/multisig";
import { Transaction } from "@/lib/schemas/transactions";
import { swapOwner } from "@/lib/multisig/transactions";

const options = { auth: "api_key" as const, params: IdParam, body: SwapOwnerInput, response: Transaction, errors: { 404: "No such multisig" }, tags: ["multisigs"] as const };

export const POST = api(
  { ...options, summary: "Swap an owner (swapOwner, executed with the supplied signatures); answers the transaction", status: 201 },
  ({ scope, params, body }) => swapOwner(scope, params.id, body),
);

export const PUT = api(
  { ...options, summary: "Legacy form of POST …/owners/swap (same body; answers 200); use POST", deprecated: true },
  ({ scope, params, body }) => swapOwner(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PATCH, DELETE } = unmatchedMethods;
