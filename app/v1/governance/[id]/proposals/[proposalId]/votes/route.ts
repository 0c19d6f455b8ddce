// GET /v1/governance/{id}/proposals/{proposalId}/votes — Tallies for, against, abstain
import { proposalReadRoute } from "@/lib/api/governance-routes";

export const GET = proposalReadRoute("votes", "Tallies for, against, abstain");

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
