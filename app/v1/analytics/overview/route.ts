// GET /v1/analytics/overview — tokens, transactions, webhooks and events of the tenant over a period, in one mode (?livemode)
import { api } from "@/lib/api/handler";
import { AnalyticsOverview, AnalyticsQuery } from "@/lib/schemas/analytics";
import { overview } from "@/lib/analytics/overview";

export const GET = api(
  { auth: "session", summary: "Analytics overview", query: AnalyticsQuery, response: AnalyticsOverview, tags: ["analytics"] },
  ({ tenantId, query }) => overview({ tenantId, livemode: query.livemode }, query.period),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
