// POST /v1/governance/{id}/relay — Relay a call through the Governor (onlyGovernance: answered with the proposal that carries it)
import { governanceOnlyRoute } from "@/lib/api/governance-routes";

export const POST = governanceOnlyRoute("relay", "Relay a call through the Governor");

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
