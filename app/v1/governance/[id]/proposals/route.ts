// /v1/governance/{id}/proposals — list proposals with their state and tallies; create one
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { ListProposalsQuery, ProposalList, ProposedProposal, ProposeInput } from "@/lib/schemas/governance";
import { listProposals, propose } from "@/lib/governance/proposals";

export const GET = api(
  { auth: "api_key", summary: "List proposals (state, tallies, snapshot, deadline read on chain)", params: IdParam, query: ListProposalsQuery, response: ProposalList, errors: { 404: "No such governance instance" }, tags: ["governance"] },
  ({ scope, params, query }) => listProposals(scope, params.id, query),
);

export const POST = api(
  { auth: "api_key", summary: "Create a proposal from the acting account (propose); answers the proposal with its transaction", params: IdParam, body: ProposeInput, response: ProposedProposal, status: 201, errors: { 404: "No such governance instance" }, tags: ["governance"] },
  ({ scope, params, body }) => propose(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH, DELETE } = unmatchedMethods;
