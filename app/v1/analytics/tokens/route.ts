// GET /v1/analytics/tokens — tokens created per day, by status and network, in one mode (?livemode)
import { api } from "@/lib/api/handler";
import { AnalyticsQuery, TokenAnalytics } from "@/lib/schemas/analytics";
import { tokenAnalytics } from "@/lib/analytics/tokens";

export const GET = api(
  { auth: "session", summary: "Token analytics", query: AnalyticsQuery, response: TokenAnalytics, tags: ["analytics"] },
  ({ tenantId, query }) => tokenAnalytics({ tenantId, livemode: query.livemode }, query.period),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
