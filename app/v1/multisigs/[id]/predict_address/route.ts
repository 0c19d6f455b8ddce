// GET /v1/multisigs/{id}/predict_address — the counterfactual address of a Safe on this multisig's network and contracts
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { AddressPrediction, PredictAddressQuery } from "@/lib/schemas/multisig";
import { predictAddress } from "@/lib/multisig/service";

export const GET = api(
  {
    auth: "api_key", summary: "Counterfactual address for owners, threshold and salt_nonce", params: IdParam, query: PredictAddressQuery, response: AddressPrediction,
    errors: { 404: "No such multisig" }, tags: ["multisigs"],
  },
  ({ scope, params, query }) => predictAddress(scope, params.id, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
