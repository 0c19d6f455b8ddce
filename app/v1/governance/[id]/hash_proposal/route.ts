// POST /v1/governance/{id}/hash_proposal — the proposal id of calls and a description (hashProposal)
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { GovernanceRead, HashProposalInput } from "@/lib/schemas/governance";
import { hashProposal } from "@/lib/governance/proposals";

export const POST = api(
  { auth: "api_key", summary: "Compute a proposal hash (the proposal id)", params: IdParam, body: HashProposalInput, response: GovernanceRead, errors: { 404: "No such governance instance" }, tags: ["governance"] },
  ({ scope, params, body }) => hashProposal(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
