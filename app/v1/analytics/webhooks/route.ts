// GET /v1/analytics/webhooks — deliveries per day by status, success rate, p95 latency, in one mode (?livemode)
import { api } from "@/lib/api/handler";
import { AnalyticsQuery, WebhookAnalytics } from "@/lib/schemas/analytics";
import { webhookAnalytics } from "@/lib/analytics/webhooks";

export const GET = api(
  { auth: "session", summary: "Webhook analytics", query: AnalyticsQuery, response: WebhookAnalytics, tags: ["analytics"] },
  ({ tenantId, query }) => webhookAnalytics({ tenantId, livemode: query.livemode }, query.period),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
