// GET /v1/governance/{id}/config — Configuration parameters read on chain (delays, threshold, quorum, timelock, token, modes)
import { readRoute } from "@/lib/api/governance-routes";

export const GET = readRoute("config", "Configuration parameters read on chain (delays, threshold, quorum, timelock, token, modes)");

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
