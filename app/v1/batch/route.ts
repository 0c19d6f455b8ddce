// POST /v1/batch — up to 50 operations, run in order with the caller's credential; one result each
// (a member's role is checked per operation, as if each were sent alone: a viewer may batch reads)
import { api } from "@/lib/api/handler";
import { policies } from "@/lib/http/rate-limit";
import { BatchInput, BatchResult } from "@/lib/schemas/batch";
import { runBatch } from "@/lib/batch/run";

export const POST = api(
  { auth: "any", role: "viewer", summary: "Run up to 50 API operations in one request", body: BatchInput, response: BatchResult, policy: policies.batch, tags: ["batch"] },
  ({ request, caller, body }) => runBatch(request, caller, body.operations),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
