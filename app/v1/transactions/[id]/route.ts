// GET /v1/transactions/{id} — one transaction and its on-chain status
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { TransactionWithTimeline } from "@/lib/schemas/transactions";
import { getTransaction } from "@/lib/chain/intake";

export const GET = api(
  {
    auth: "api_key",
    summary: "Retrieve a transaction",
    description: "Addition to the spec: the answer carries `timeline`, every signature sent for it and, for a user operation, the bundler's answers.",
    params: IdParam,
    response: TransactionWithTimeline,
    tags: ["transactions"],
  },
  ({ tenantId, caller, params }) => getTransaction(tenantId, caller.livemode, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
