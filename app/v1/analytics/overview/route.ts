// GET /v1/analytics/overview — tokens, transactions, webhooks and events of the tenant over a period
import { api } from "@/lib/api/handler";
import { AnalyticsOverview, AnalyticsQuery } from "@/lib/schemas/analytics";
import { overview } from "@/lib/analytics/overview";

export const GET = api(
  { auth: "bearer", summary: "Analytics overview", query: AnalyticsQuery, response: AnalyticsOverview, tags: ["analytics"] },
  ({ tenantId, query }) => overview(tenantId, query.period),
);

export { POST, PUT, PATCH, DELETE } from "@/lib/api/unmatched"; // 405 (scripts/gen-routes.ts)
