// POST /v1/governance/{id}/proposals/{proposalId}/vote — Cast a vote (castVote, or castVoteWithReason with reason)
import { vote } from "@/lib/governance/proposals";
import { proposalWriteRoute } from "@/lib/api/governance-routes";
import { VoteInput } from "@/lib/schemas/governance";

export const POST = proposalWriteRoute("Cast a vote (castVote, or castVoteWithReason with reason)", VoteInput, (scope, id, pid, body) => vote(scope, id, pid, { kind: "vote", ...body }));

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
