// GET /v1/governance/{id}/proposals/{proposalId}/deadline — Clock value the vote ends at
import { proposalReadRoute } from "@/lib/api/governance-routes";

export const GET = proposalReadRoute("deadline", "Clock value the vote ends at");

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
