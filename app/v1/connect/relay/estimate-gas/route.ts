// POST /v1/connect/relay/estimate-gas — gas limits of a user operation, estimated by the bundler
import { api } from "@/lib/api/handler";
import { EstimateGasInput, GasEstimate } from "@/lib/schemas/connect";
import { estimateGas } from "@/lib/connect/relay";
import { scopeOf } from "@/lib/tokens/scope";

export const POST = api(
  {
    auth: "api_key",
    summary: "Estimate a user operation's gas through the bundler",
    body: EstimateGasInput,
    response: GasEstimate,
    status: 200,
    errors: { 404: "The sender is not a smart account of this tenant on that chain", 502: "The bundler did not answer" },
    tags: ["connect"],
  },
  ({ caller, body }) => estimateGas(scopeOf(caller), body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
