// POST /v1/vrf/consumers — deploy a VRF v2.5 consumer through the platform's factory
import { api } from "@/lib/api/handler";
import { CreateVrfConsumerInput, VrfConsumer } from "@/lib/schemas/vrf";
import { createVrfConsumer } from "@/lib/vrf/service";
import { scopeOf } from "@/lib/tokens/scope";

export const POST = api(
  { auth: "api_key", summary: "Deploy a VRF v2.5 consumer through the factory", body: CreateVrfConsumerInput, response: VrfConsumer, status: 201, tags: ["vrf"] },
  ({ caller, body }) => createVrfConsumer(scopeOf(caller), body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
