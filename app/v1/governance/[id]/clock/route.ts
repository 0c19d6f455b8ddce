// GET /v1/governance/{id}/clock — Current clock value and mode (clock(), CLOCK_MODE())
import { readRoute } from "@/lib/api/governance-routes";

export const GET = readRoute("clock", "Current clock value and mode (clock(), CLOCK_MODE())");

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
