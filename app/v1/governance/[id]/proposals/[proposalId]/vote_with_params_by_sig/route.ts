// POST /v1/governance/{id}/proposals/{proposalId}/vote_with_params_by_sig — Submit a voter's EIP-712 extended ballot (castVoteWithReasonAndParamsBySig)
import { vote } from "@/lib/governance/proposals";
import { proposalWriteRoute } from "@/lib/api/governance-routes";
import { VoteWithParamsBySigInput } from "@/lib/schemas/governance";

export const POST = proposalWriteRoute("Submit a voter's EIP-712 extended ballot (castVoteWithReasonAndParamsBySig)", VoteWithParamsBySigInput, (scope, id, pid, body) => vote(scope, id, pid, { kind: "vote_with_params_by_sig", ...body }));

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
