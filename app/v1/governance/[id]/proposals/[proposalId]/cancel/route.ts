// POST /v1/governance/{id}/proposals/{proposalId}/cancel — Cancel a proposal; valid only while Pending
import { cancelProposal } from "@/lib/governance/proposals";
import { proposalWriteRoute } from "@/lib/api/governance-routes";
import { EmptyInput } from "@/lib/schemas/governance";

export const POST = proposalWriteRoute("Cancel a proposal; valid only while Pending", EmptyInput, (scope, id, pid) => cancelProposal(scope, id, pid));

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
