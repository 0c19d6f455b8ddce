// POST /v1/batch — up to 50 operations, run in order with the caller's credential; one result each
import { api } from "@/lib/api/handler";
import { policies } from "@/lib/api/rate-limit";
import { BatchInput, BatchResult } from "@/lib/schemas/batch";
import { runBatch } from "@/lib/batch/run";

export const POST = api(
  { auth: "any", summary: "Run up to 50 API operations in one request", body: BatchInput, response: BatchResult, policy: policies.batch, tags: ["batch"] },
  ({ request, caller, body }) => runBatch(request, caller, body.operations),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
