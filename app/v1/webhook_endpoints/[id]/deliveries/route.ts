// GET /v1/webhook_endpoints/{id}/deliveries — the endpoint's deliveries, newest first
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { DeliveriesQuery, WebhookDeliveryList } from "@/lib/schemas/webhooks";
import { listDeliveries } from "@/lib/webhooks/deliveries";

export const GET = api(
  { auth: "api_key", summary: "List the deliveries of a webhook endpoint", params: IdParam, query: DeliveriesQuery, response: WebhookDeliveryList, tags: ["webhooks"] },
  ({ scope, params, query }) => listDeliveries(scope, params.id, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
