// GET /v1/webhook_endpoints/{id}/deliveries/{delivery_id} — one delivery
import { api } from "@/lib/api/handler";
import { DeliveryParams, WebhookDelivery } from "@/lib/schemas/webhooks";
import { getDelivery } from "@/lib/webhooks/deliveries";

export const GET = api(
  { auth: "api_key", summary: "Retrieve a webhook delivery", params: DeliveryParams, response: WebhookDelivery, tags: ["webhooks"] },
  ({ scope, params }) => getDelivery(scope, params.id, params.delivery_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
