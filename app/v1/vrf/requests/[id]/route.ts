// GET /v1/vrf/requests/{id} — request status and random words
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { VrfRequest } from "@/lib/schemas/vrf";
import { getVrfRequest } from "@/lib/vrf/service";

export const GET = api(
  { auth: "api_key", summary: "VRF request status and random words", params: IdParam, response: VrfRequest, errors: { 404: "No such VRF request" }, tags: ["vrf"] },
  ({ scope, params }) => getVrfRequest(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
