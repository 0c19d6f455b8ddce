// GET /v1/governance/{id}/timelock/min_delay — Minimum delay of the timelock (seconds)
import { readRoute } from "@/lib/api/governance-routes";

export const GET = readRoute("min_delay", "Minimum delay of the timelock (seconds)");

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
