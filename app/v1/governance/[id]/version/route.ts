// GET /v1/governance/{id}/version — Governor version string
import { readRoute } from "@/lib/api/governance-routes";

export const GET = readRoute("version", "Governor version string");

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
