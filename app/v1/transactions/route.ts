// GET /v1/transactions — the tenant's chain writes, newest first
import { api } from "@/lib/api/handler";
import { TransactionList, TransactionListQuery } from "@/lib/schemas/transactions";
import { listTransactions } from "@/lib/chain/intake";
import { networkFor } from "@/lib/chain/network/networks";

export const GET = api(
  { auth: "api_key", summary: "List transactions", query: TransactionListQuery, response: TransactionList, tags: ["transactions"] },
  ({ tenantId, caller, query }) =>
    listTransactions(tenantId, caller.livemode, { ...query, network: query.network && networkFor(query.network, caller.livemode).name }),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
