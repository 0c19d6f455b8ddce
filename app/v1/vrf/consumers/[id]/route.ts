// GET /v1/vrf/consumers/{id} — a VRF consumer's record
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { VrfConsumer } from "@/lib/schemas/vrf";
import { getVrfConsumer } from "@/lib/vrf/service";

export const GET = api(
  { auth: "api_key", summary: "VRF consumer details", params: IdParam, response: VrfConsumer, errors: { 404: "No such VRF consumer" }, tags: ["vrf"] },
  ({ scope, params }) => getVrfConsumer(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
