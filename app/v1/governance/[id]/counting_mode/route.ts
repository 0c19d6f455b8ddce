// GET /v1/governance/{id}/counting_mode — COUNTING_MODE string
import { readRoute } from "@/lib/api/governance-routes";

export const GET = readRoute("counting_mode", "COUNTING_MODE string");

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
