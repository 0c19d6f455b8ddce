// GET /v1/governance/{id}/proposals/{proposalId}/proposer — Proposer address
import { proposalReadRoute } from "@/lib/api/governance-routes";

export const GET = proposalReadRoute("proposer", "Proposer address");

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
