// GET /v1/governance/{id}/proposals/{proposalId}/snapshot — Clock value of the voting snapshot
import { proposalReadRoute } from "@/lib/api/governance-routes";

export const GET = proposalReadRoute("snapshot", "Clock value of the voting snapshot");

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
