// /v1/webhook_endpoints/{id} — retrieve, update (POST; PUT is its deprecated form), delete
import { api } from "@/lib/api/handler";
import { postWithLegacy } from "@/lib/api/legacy-method";
import { Deleted, IdParam } from "@/lib/schemas/common";
import { UpdateWebhookEndpointInput, WebhookEndpoint } from "@/lib/schemas/webhooks";
import { deleteEndpoint, getEndpoint, updateEndpoint } from "@/lib/webhooks/endpoints";

export const GET = api(
  { auth: "api_key", summary: "Retrieve a webhook endpoint", params: IdParam, response: WebhookEndpoint, tags: ["webhooks"] as const },
  ({ scope, params }) => getEndpoint(scope, params.id),
);

const { POST, PUT } = postWithLegacy(
  "PUT",
  { auth: "api_key", params: IdParam, body: UpdateWebhookEndpointInput, response: WebhookEndpoint, tags: ["webhooks"], summary: "Update a webhook endpoint" },
  ({ scope, params, body }) => updateEndpoint(scope, params.id, body),
);
export { POST, PUT };

export const DELETE = api(
  { auth: "api_key", summary: "Delete a webhook endpoint and its deliveries", params: IdParam, response: Deleted("webhook_endpoint"), tags: ["webhooks"] as const },
  ({ scope, params }) => deleteEndpoint(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PATCH } = unmatchedMethods;
