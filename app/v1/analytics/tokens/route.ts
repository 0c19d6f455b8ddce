// GET /v1/analytics/tokens — tokens created per day, by status and network
import { api } from "@/lib/api/handler";
import { AnalyticsQuery, TokenAnalytics } from "@/lib/schemas/analytics";
import { tokenAnalytics } from "@/lib/analytics/tokens";

export const GET = api(
  { auth: "bearer", summary: "Token analytics", query: AnalyticsQuery, response: TokenAnalytics, tags: ["analytics"] },
  ({ tenantId, query }) => tokenAnalytics(tenantId, query.period),
);

export { POST, PUT, PATCH, DELETE } from "@/lib/api/unmatched"; // 405 (scripts/gen-routes.ts)
