// GET /v1/connect/analytics/timeseries — accounts registered and relay operations recorded per UTC day of the period, in the API key's mode
import { api } from "@/lib/api/handler";
import { ConnectAnalyticsQuery, ConnectAnalyticsTimeseries } from "@/lib/schemas/connect-analytics";
import { connectTimeseries } from "@/lib/connect/analytics";
import { scopeOf } from "@/lib/tokens/scope";

export const GET = api(
  { auth: "api_key", summary: "Connect analytics per day", query: ConnectAnalyticsQuery, response: ConnectAnalyticsTimeseries, tags: ["connect"] },
  ({ caller, query }) => connectTimeseries(scopeOf(caller), query.period),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
