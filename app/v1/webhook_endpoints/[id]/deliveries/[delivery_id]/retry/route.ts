// POST /v1/webhook_endpoints/{id}/deliveries/{delivery_id}/retry — send the event again now
import { api } from "@/lib/api/handler";
import { DeliveryParams, RetryDeliveryInput, WebhookDelivery } from "@/lib/schemas/webhooks";
import { retryDelivery } from "@/lib/webhooks/deliveries";

export const POST = api(
  { auth: "api_key", summary: "Re-send a delivery now; answers with the attempt's outcome", params: DeliveryParams, body: RetryDeliveryInput, response: WebhookDelivery, tags: ["webhooks"] },
  ({ scope, params }) => retryDelivery(scope, params.id, params.delivery_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
