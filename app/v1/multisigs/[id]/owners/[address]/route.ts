// /v1/multisigs/{id}/owners/{address} — whether the address is an owner on chain; remove it (removeOwner)
import { api } from "@/lib/api/handler";
import { MultisigAddressParams, MultisigOwner, RemoveOwnerInput } from "@/lib/schemas/multisig";
import { Transaction } from "@/lib/schemas/transactions";
import { ownerStatus, removeOwner } from "@/lib/multisig/transactions";

export const GET = api(
  { auth: "api_key", summary: "Whether the address is an owner on chain", params: MultisigAddressParams, response: MultisigOwner, errors: { 404: "No such multisig" }, tags: ["multisigs"] },
  ({ scope, params }) => ownerStatus(scope, params.id, params.address),
);

export const DELETE = api(
  {
    auth: "api_key", summary: "Remove an owner (removeOwner, executed with the supplied signatures); answers the transaction", params: MultisigAddressParams,
    body: RemoveOwnerInput, response: Transaction, errors: { 404: "No such multisig" }, tags: ["multisigs"],
  },
  ({ scope, params, body }) => removeOwner(scope, params.id, params.address, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH } = unmatchedMethods;
