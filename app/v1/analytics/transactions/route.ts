// GET /v1/analytics/transactions — transactions per day by status and kind, success rate, median confirmation time, in one mode (?livemode)
import { api } from "@/lib/api/handler";
import { AnalyticsQuery, TransactionAnalytics } from "@/lib/schemas/analytics";
import { transactionAnalytics } from "@/lib/analytics/transactions";

export const GET = api(
  { auth: "session", summary: "Transaction analytics", query: AnalyticsQuery, response: TransactionAnalytics, tags: ["analytics"] },
  ({ tenantId, query }) => transactionAnalytics({ tenantId, livemode: query.livemode }, query.period),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
