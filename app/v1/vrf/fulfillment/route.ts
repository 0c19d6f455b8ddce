// POST /v1/vrf/fulfillment — verify a request's fulfilment on chain now (instead of waiting for the watcher)
import { api } from "@/lib/api/handler";
import { VrfFulfillmentInput, VrfRequest } from "@/lib/schemas/vrf";
import { verifyFulfilment } from "@/lib/vrf/service";

export const POST = api(
  { auth: "api_key", summary: "Verify a VRF fulfilment on chain at once; answers the request", body: VrfFulfillmentInput, response: VrfRequest, errors: { 404: "No such VRF request" }, tags: ["vrf"] },
  ({ scope, body }) => verifyFulfilment(scope, body.request_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
