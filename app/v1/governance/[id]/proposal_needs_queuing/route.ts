// GET /v1/governance/{id}/proposal_needs_queuing — Whether a proposal needs timelock queuing
import { readRoute } from "@/lib/api/governance-routes";
import { ProposalIdQuery } from "@/lib/schemas/governance";

export const GET = readRoute("proposal_needs_queuing", "Whether a proposal needs timelock queuing", ProposalIdQuery);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
