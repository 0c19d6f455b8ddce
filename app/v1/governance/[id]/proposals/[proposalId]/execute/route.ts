// POST /v1/governance/{id}/proposals/{proposalId}/execute — Execute a queued proposal through the timelock
import { executeProposal } from "@/lib/governance/proposals";
import { proposalWriteRoute } from "@/lib/api/governance-routes";
import { EmptyInput } from "@/lib/schemas/governance";

export const POST = proposalWriteRoute("Execute a queued proposal through the timelock", EmptyInput, (scope, id, pid) => executeProposal(scope, id, pid));

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
