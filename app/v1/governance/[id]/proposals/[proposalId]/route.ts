// GET /v1/governance/{id}/proposals/{proposalId} — a proposal: calls, description, proposer, snapshot, deadline, eta, state and tallies
import { api } from "@/lib/api/handler";
import { Proposal, ProposalParams } from "@/lib/schemas/governance";
import { getProposal } from "@/lib/governance/proposals";

export const GET = api(
  { auth: "api_key", summary: "Proposal details (read from chain)", params: ProposalParams, response: Proposal, errors: { 404: "No such governance instance or proposal" }, tags: ["governance"] },
  ({ scope, params }) => getProposal(scope, params.id, params.proposalId),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
