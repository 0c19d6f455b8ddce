// GET /v1/governance/{id}/checkpoints — Checkpoint at a position for an address (token checkpoints(account, pos))
import { readRoute } from "@/lib/api/governance-routes";
import { CheckpointQuery } from "@/lib/schemas/governance";

export const GET = readRoute("checkpoints", "Checkpoint at a position for an address (token checkpoints(account, pos))", CheckpointQuery);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
