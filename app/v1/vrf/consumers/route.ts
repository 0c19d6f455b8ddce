// /v1/vrf/consumers — list VRF consumers; deploy a VRF v2.5 consumer through the platform's factory
import { api } from "@/lib/api/handler";
import { CreateVrfConsumerInput, ListVrfConsumersQuery, VrfConsumer, VrfConsumerList } from "@/lib/schemas/vrf";
import { createVrfConsumer, listVrfConsumers } from "@/lib/vrf/service";

export const GET = api(
  { auth: "api_key", summary: "List VRF consumers (filter by network)", query: ListVrfConsumersQuery, response: VrfConsumerList, tags: ["vrf"] },
  ({ scope, query }) => listVrfConsumers(scope, query),
);

export const POST = api(
  { auth: "api_key", summary: "Deploy a VRF v2.5 consumer through the factory", body: CreateVrfConsumerInput, response: VrfConsumer, status: 201, tags: ["vrf"] },
  ({ scope, body }) => createVrfConsumer(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH, DELETE } = unmatchedMethods;
