// POST /v1/governance/{id}/proposals/{proposalId}/queue — Queue a successful proposal in the timelock
import { queueProposal } from "@/lib/governance/proposals";
import { proposalWriteRoute } from "@/lib/api/governance-routes";
import { EmptyInput } from "@/lib/schemas/governance";

export const POST = proposalWriteRoute("Queue a successful proposal in the timelock", EmptyInput, (scope, id, pid) => queueProposal(scope, id, pid));

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
