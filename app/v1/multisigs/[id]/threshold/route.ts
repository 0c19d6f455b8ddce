// /v1/multisigs/{id}/threshold — change the threshold (changeThreshold); PUT is the legacy form
import { postWithLegacy } from "@/lib/api/legacy-method";
import { IdParam } from "@/lib/schemas/common";
import { ChangeThresholdInput } from "@/lib/schemas/multisig";
import { Transaction } from "@/lib/schemas/transactions";
import { changeThreshold } from "@/lib/multisig/transactions";

const { POST, PUT } = postWithLegacy(
  "PUT",
  { auth: "api_key", params: IdParam, body: ChangeThresholdInput, response: Transaction, errors: { 404: "No such multisig" }, tags: ["multisigs"], summary: "Change the threshold (changeThreshold, executed with the supplied signatures); answers the transaction", status: 201 },
  ({ scope, params, body }) => changeThreshold(scope, params.id, body),
);
export { POST, PUT };

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PATCH, DELETE } = unmatchedMethods;
