// GET /v1/multisigs/{id} — a multisig with its on-chain owners, threshold, nonce, version, modules and fallback handler
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { MultisigDetails } from "@/lib/schemas/multisig";
import { getMultisig } from "@/lib/multisig/service";

export const GET = api(
  { auth: "api_key", summary: "Multisig details with on-chain data", params: IdParam, response: MultisigDetails, errors: { 404: "No such multisig" }, tags: ["multisigs"] },
  ({ scope, params }) => getMultisig(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
