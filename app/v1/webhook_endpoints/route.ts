// /v1/webhook_endpoints — create (the signing secret is returned only here) and list
import { api } from "@/lib/api/handler";
import { ListQuery } from "@/lib/schemas/common";
import { CreateWebhookEndpointInput, WebhookEndpoint, WebhookEndpointList } from "@/lib/schemas/webhooks";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/endpoints";

export const POST = api(
  { auth: "api_key", summary: "Create a webhook endpoint (its signing secret is returned only here)", body: CreateWebhookEndpointInput, response: WebhookEndpoint, status: 201, tags: ["webhooks"] },
  ({ scope, body }) => createEndpoint(scope, body),
);

export const GET = api(
  { auth: "api_key", summary: "List webhook endpoints", query: ListQuery, response: WebhookEndpointList, tags: ["webhooks"] },
  ({ scope, query }) => listEndpoints(scope, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH, DELETE } = unmatchedMethods;
