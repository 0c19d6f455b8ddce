// /v1/vrf/requests — list VRF requests; request random words through a consumer
import { api } from "@/lib/api/handler";
import { CreateVrfRequestInput, ListVrfRequestsQuery, VrfRequest, VrfRequestList } from "@/lib/schemas/vrf";
import { createVrfRequest, listVrfRequests } from "@/lib/vrf/service";

export const GET = api(
  { auth: "api_key", summary: "List VRF requests (filter by consumer_id, status)", query: ListVrfRequestsQuery, response: VrfRequestList, tags: ["vrf"] },
  ({ scope, query }) => listVrfRequests(scope, query),
);

export const POST = api(
  { auth: "api_key", summary: "Request random words (requestRandomWords on the consumer)", body: CreateVrfRequestInput, response: VrfRequest, status: 201, errors: { 404: "No such VRF consumer" }, tags: ["vrf"] },
  ({ scope, body }) => createVrfRequest(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH, DELETE } = unmatchedMethods;
