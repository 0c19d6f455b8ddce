// POST /v1/governance/{id}/proposal_threshold — Set the minimum voting power to create a proposal (onlyGovernance: answered with the proposal that carries it)
import { governanceOnlyRoute } from "@/lib/api/governance-routes";

export const POST = governanceOnlyRoute("proposal_threshold", "Set the minimum voting power to create a proposal");

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
