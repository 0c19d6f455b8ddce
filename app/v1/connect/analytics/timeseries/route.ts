// GET /v1/connect/analytics/timeseries — accounts registered and relay operations recorded per UTC day of the period, in the API key's mode
import { connectApi } from "@/lib/api/connect-routes";
import { ConnectAnalyticsQuery, ConnectAnalyticsTimeseries } from "@/lib/schemas/connect-analytics";
import { connectTimeseries } from "@/lib/connect/end-users/analytics";

export const GET = connectApi(
  { summary: "Connect analytics per day", query: ConnectAnalyticsQuery, response: ConnectAnalyticsTimeseries },
  ({ scope, query }) => connectTimeseries(scope, query.period),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
