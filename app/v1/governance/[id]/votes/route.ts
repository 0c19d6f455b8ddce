// GET /v1/governance/{id}/votes — Voting power of an address at a timepoint (default clock - 1)
import { readRoute } from "@/lib/api/governance-routes";
import { AccountAtQuery } from "@/lib/schemas/governance";

export const GET = readRoute("votes", "Voting power of an address at a timepoint (default clock - 1)", AccountAtQuery);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
