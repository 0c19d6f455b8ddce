// POST /v1/webhook_endpoints/{id}/rotate_secret — new signing secret; the old one also signs for 24 h
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { RotateWebhookSecretInput, WebhookEndpoint } from "@/lib/schemas/webhooks";
import { rotateSecret } from "@/lib/webhooks/endpoints";

export const POST = api(
  { auth: "api_key", summary: "Rotate the signing secret (both secrets sign for 24 h)", params: IdParam, body: RotateWebhookSecretInput, response: WebhookEndpoint, tags: ["webhooks"] },
  ({ scope, params }) => rotateSecret(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
