// GET /v1/governance/{id}/proposals/{proposalId}/has_voted — Whether an address voted
import { proposalReadRoute } from "@/lib/api/governance-routes";
import { AccountQuery } from "@/lib/schemas/governance";

export const GET = proposalReadRoute("has_voted", "Whether an address voted", AccountQuery);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
