// GET /v1/connect/analytics/overview — the tenant's smart accounts, relay operations, session keys, recovery, passkeys, OAuth links and paymasters, in the API key's mode
import { connectApi } from "@/lib/api/connect-routes";
import { ConnectAnalyticsOverview, ConnectAnalyticsQuery } from "@/lib/schemas/connect-analytics";
import { connectOverview } from "@/lib/connect/end-users/analytics";

export const GET = connectApi(
  { summary: "Connect analytics overview", query: ConnectAnalyticsQuery, response: ConnectAnalyticsOverview },
  ({ scope, query }) => connectOverview(scope, query.period),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
