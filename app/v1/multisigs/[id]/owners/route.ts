// POST /v1/multisigs/{id}/owners — add an owner (addOwnerWithThreshold, executed with the owners' signatures)
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { AddOwnerInput } from "@/lib/schemas/multisig";
import { Transaction } from "@/lib/schemas/transactions";
import { addOwner } from "@/lib/multisig/transactions";

export const POST = api(
  {
    auth: "api_key", summary: "Add an owner (a Safe transaction to the Safe, executed with the supplied signatures); answers the transaction", params: IdParam,
    body: AddOwnerInput, response: Transaction, status: 201, errors: { 404: "No such multisig" }, tags: ["multisigs"],
  },
  ({ scope, params, body }) => addOwner(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
