// POST /v1/governance/{id}/update_quorum — Update the quorum numerator (onlyGovernance: answered with the proposal that carries it)
import { governanceOnlyRoute } from "@/lib/api/governance-routes";

export const POST = governanceOnlyRoute("update_quorum", "Update the quorum numerator");

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
