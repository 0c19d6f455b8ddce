// GET /v1/governance/{id}/num_checkpoints — Number of checkpoints of an address
import { readRoute } from "@/lib/api/governance-routes";
import { AccountQuery } from "@/lib/schemas/governance";

export const GET = readRoute("num_checkpoints", "Number of checkpoints of an address", AccountQuery);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
