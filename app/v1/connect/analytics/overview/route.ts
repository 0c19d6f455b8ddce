// GET /v1/connect/analytics/overview — the tenant's smart accounts, relay operations, session keys, recovery, passkeys, OAuth links and paymasters, in the API key's mode
import { api } from "@/lib/api/handler";
import { ConnectAnalyticsOverview, ConnectAnalyticsQuery } from "@/lib/schemas/connect-analytics";
import { connectOverview } from "@/lib/connect/analytics";
import { scopeOf } from "@/lib/tokens/scope";

export const GET = api(
  { auth: "api_key", summary: "Connect analytics overview", query: ConnectAnalyticsQuery, response: ConnectAnalyticsOverview, tags: ["connect"] },
  ({ caller, query }) => connectOverview(scopeOf(caller), query.period),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
