// GET /v1/vrf/consumers/{id}/request_id?index= — the consumer's on-chain request id at an index
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { RequestIdQuery, VrfRequestId } from "@/lib/schemas/vrf";
import { requestIdAt } from "@/lib/vrf/service";

export const GET = api(
  { auth: "api_key", summary: "On-chain request id at an index", params: IdParam, query: RequestIdQuery, response: VrfRequestId, errors: { 404: "No such VRF consumer" }, tags: ["vrf"] },
  ({ scope, params, query }) => requestIdAt(scope, params.id, query.index),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
