// GET /v1/vrf/requests/{id}/result — the random words, read from the consumer on chain
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { VrfResult } from "@/lib/schemas/vrf";
import { vrfResult } from "@/lib/vrf/service";

export const GET = api(
  { auth: "api_key", summary: "Random words from the on-chain consumer", params: IdParam, response: VrfResult, errors: { 404: "No such VRF request" }, tags: ["vrf"] },
  ({ scope, params }) => vrfResult(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
