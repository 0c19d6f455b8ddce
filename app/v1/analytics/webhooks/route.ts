// GET /v1/analytics/webhooks — deliveries per day by status, success rate, p95 latency
import { api } from "@/lib/api/handler";
import { AnalyticsQuery, WebhookAnalytics } from "@/lib/schemas/analytics";
import { webhookAnalytics } from "@/lib/analytics/webhooks";

export const GET = api(
  { auth: "bearer", summary: "Webhook analytics", query: AnalyticsQuery, response: WebhookAnalytics, tags: ["analytics"] },
  ({ tenantId, query }) => webhookAnalytics(tenantId, query.period),
);

export { POST, PUT, PATCH, DELETE } from "@/lib/api/unmatched"; // 405 (scripts/gen-routes.ts)
