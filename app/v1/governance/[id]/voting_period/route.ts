// POST /v1/governance/{id}/voting_period — Set the voting period duration (onlyGovernance: answered with the proposal that carries it)
import { governanceOnlyRoute } from "@/lib/api/governance-routes";

export const POST = governanceOnlyRoute("voting_period", "Set the voting period duration");

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
