// GET /v1/governance/{id}/proposals/{proposalId}/eta — Unix time the queued proposal becomes executable
import { proposalReadRoute } from "@/lib/api/governance-routes";

export const GET = proposalReadRoute("eta", "Unix time the queued proposal becomes executable");

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
