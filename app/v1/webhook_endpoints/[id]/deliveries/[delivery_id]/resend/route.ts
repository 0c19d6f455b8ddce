// POST /v1/webhook_endpoints/{id}/deliveries/{delivery_id}/resend — send the event again, same webhook-id (an addition)
import { api } from "@/lib/api/handler";
import { DeliveryParams, ResendDeliveryInput, WebhookDelivery } from "@/lib/schemas/webhooks";
import { resendDelivery } from "@/lib/webhooks/resend";

export const POST = api(
  {
    auth: "api_key",
    summary: "Resend a delivery (an addition): its event again with the same webhook-id, on a fresh retry schedule",
    params: DeliveryParams, body: ResendDeliveryInput, response: WebhookDelivery, tags: ["webhooks"],
  },
  ({ scope, params }) => resendDelivery(scope, params.id, params.delivery_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
