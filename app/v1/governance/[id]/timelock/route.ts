// POST /v1/governance/{id}/timelock — Update the timelock controller address (onlyGovernance: answered with the proposal that carries it)
import { governanceOnlyRoute } from "@/lib/api/governance-routes";

export const POST = governanceOnlyRoute("timelock", "Update the timelock controller address");

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
