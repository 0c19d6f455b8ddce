// POST /v1/webhook_endpoints/{id}/resend — send again every failed delivery created in a time range (an addition)
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { ResendRangeInput, WebhookResend } from "@/lib/schemas/webhooks";
import { resendFailed } from "@/lib/webhooks/resend";

export const POST = api(
  {
    auth: "api_key",
    summary: "Resend the failed deliveries of a time range (an addition), each with its event's webhook-id",
    params: IdParam, body: ResendRangeInput, response: WebhookResend, tags: ["webhooks"],
  },
  ({ scope, params, body }) => resendFailed(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
