// /v1/vrf/requests — list VRF requests; request random words through a consumer
import { api } from "@/lib/api/handler";
import { CreateVrfRequestInput, ListVrfRequestsQuery, VrfRequest, VrfRequestList } from "@/lib/schemas/vrf";
import { createVrfRequest, listVrfRequests } from "@/lib/vrf/service";
import { scopeOf } from "@/lib/tokens/scope";

export const GET = api(
  { auth: "api_key", summary: "List VRF requests (filter by consumer_id, status)", query: ListVrfRequestsQuery, response: VrfRequestList, tags: ["vrf"] },
  ({ caller, query }) => listVrfRequests(scopeOf(caller), query),
);

export const POST = api(
  { auth: "api_key", summary: "Request random words (requestRandomWords on the consumer)", body: CreateVrfRequestInput, response: VrfRequest, status: 201, errors: { 404: "No such VRF consumer" }, tags: ["vrf"] },
  ({ caller, body }) => createVrfRequest(scopeOf(caller), body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH, DELETE } = unmatchedMethods;
