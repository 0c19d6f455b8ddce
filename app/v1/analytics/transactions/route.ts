// GET /v1/analytics/transactions — transactions per day by status and kind, success rate, median confirmation time
import { api } from "@/lib/api/handler";
import { AnalyticsQuery, TransactionAnalytics } from "@/lib/schemas/analytics";
import { transactionAnalytics } from "@/lib/analytics/transactions";

export const GET = api(
  { auth: "bearer", summary: "Transaction analytics", query: AnalyticsQuery, response: TransactionAnalytics, tags: ["analytics"] },
  ({ tenantId, query }) => transactionAnalytics(tenantId, query.period),
);

export { POST, PUT, PATCH, DELETE } from "@/lib/api/unmatched"; // 405 (scripts/gen-routes.ts)
