// /v1/vrf/consumers/{id}/config — the consumer's configuration from chain; update it (POST, legacy PUT)
import { api } from "@/lib/api/handler";
import { postWithLegacy } from "@/lib/api/legacy-method";
import { IdParam } from "@/lib/schemas/common";
import { Transaction } from "@/lib/schemas/transactions";
import { UpdateVrfConfigInput, VrfConsumerConfig } from "@/lib/schemas/vrf";
import { updateVrfConfig, vrfConfig } from "@/lib/vrf/service";

export const GET = api(
  { auth: "api_key", summary: "VRF consumer configuration, read from chain", params: IdParam, response: VrfConsumerConfig, errors: { 404: "No such VRF consumer" }, tags: ["vrf"] as const },
  ({ scope, params }) => vrfConfig(scope, params.id),
);

const { POST, PUT } = postWithLegacy(
  "PUT",
  { auth: "api_key", params: IdParam, body: UpdateVrfConfigInput, response: Transaction, errors: { 404: "No such VRF consumer" }, tags: ["vrf"], summary: "Update the consumer's configuration on chain (setConfig); answers the transaction" },
  ({ scope, params, body }) => updateVrfConfig(scope, params.id, body),
);
export { POST, PUT };

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PATCH, DELETE } = unmatchedMethods;
