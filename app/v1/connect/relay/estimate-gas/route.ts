// POST /v1/connect/relay/estimate-gas — gas limits of a user operation, estimated by the bundler
import { connectApi } from "@/lib/api/connect-routes";
import { EstimateGasInput, GasEstimate } from "@/lib/schemas/connect";
import { estimateGas } from "@/lib/connect/user-ops/relay";

export const POST = connectApi(
  { summary: "Estimate a user operation's gas through the bundler", body: EstimateGasInput, response: GasEstimate, status: 200, errors: { 404: "The sender is not a smart account of this tenant on that chain", 502: "The bundler did not answer" } },
  ({ scope, body }) => estimateGas(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
