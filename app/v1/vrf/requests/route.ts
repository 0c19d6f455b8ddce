// POST /v1/vrf/requests — request random words through a consumer
import { api } from "@/lib/api/handler";
import { CreateVrfRequestInput, VrfRequest } from "@/lib/schemas/vrf";
import { createVrfRequest } from "@/lib/vrf/service";
import { scopeOf } from "@/lib/tokens/scope";

export const POST = api(
  { auth: "api_key", summary: "Request random words (requestRandomWords on the consumer)", body: CreateVrfRequestInput, response: VrfRequest, status: 201, errors: { 404: "No such VRF consumer" }, tags: ["vrf"] },
  ({ caller, body }) => createVrfRequest(scopeOf(caller), body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
