// GET /v1/vrf/consumers/{id}/requester?request_id= — the address that submitted a request
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { RequesterQuery, VrfRequester } from "@/lib/schemas/vrf";
import { requesterOf } from "@/lib/vrf/service";

export const GET = api(
  { auth: "api_key", summary: "Address that submitted a request", params: IdParam, query: RequesterQuery, response: VrfRequester, errors: { 404: "No such VRF consumer or request" }, tags: ["vrf"] },
  ({ scope, params, query }) => requesterOf(scope, params.id, query.request_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
