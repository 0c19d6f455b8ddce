// GET /v1/governance/{id}/quorum — Quorum requirement at a timepoint (default clock - 1)
import { readRoute } from "@/lib/api/governance-routes";
import { TimepointQuery } from "@/lib/schemas/governance";

export const GET = readRoute("quorum", "Quorum requirement at a timepoint (default clock - 1)", TimepointQuery);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
