// GET /v1/governance/{id}/votes_with_params — Voting power with custom parameters
import { readRoute } from "@/lib/api/governance-routes";
import { AccountParamsAtQuery } from "@/lib/schemas/governance";

export const GET = readRoute("votes_with_params", "Voting power with custom parameters", AccountParamsAtQuery);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
