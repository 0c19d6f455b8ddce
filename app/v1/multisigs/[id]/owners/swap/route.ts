// /v1/multisigs/{id}/owners/swap — replace an owner atomically (swapOwner); PUT is the legacy form
import { postWithLegacy } from "@/lib/api/legacy-method";
import { IdParam } from "@/lib/schemas/common";
import { SwapOwnerInput } from "@/lib/schemas/multisig";
import { Transaction } from "@/lib/schemas/transactions";
import { swapOwner } from "@/lib/multisig/transactions";

const { POST, PUT } = postWithLegacy(
  "PUT",
  { auth: "api_key", params: IdParam, body: SwapOwnerInput, response: Transaction, errors: { 404: "No such multisig" }, tags: ["multisigs"], summary: "Swap an owner (swapOwner, executed with the supplied signatures); answers the transaction", status: 201 },
  ({ scope, params, body }) => swapOwner(scope, params.id, body),
);
export { POST, PUT };

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PATCH, DELETE } = unmatchedMethods;
