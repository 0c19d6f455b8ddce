// POST /v1/governance/{id}/proposals/{proposalId}/vote_with_params — Vote with reason and parameters (castVoteWithReasonAndParams)
import { vote } from "@/lib/governance/proposals";
import { proposalWriteRoute } from "@/lib/api/governance-routes";
import { VoteWithParamsInput } from "@/lib/schemas/governance";

export const POST = proposalWriteRoute("Vote with reason and parameters (castVoteWithReasonAndParams)", VoteWithParamsInput, (scope, id, pid, body) => vote(scope, id, pid, { kind: "vote_with_params", ...body }));

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
