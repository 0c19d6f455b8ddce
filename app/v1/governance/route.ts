// /v1/governance — list governance instances; deploy a Governor plus Timelock
import { api } from "@/lib/api/handler";
import { CreateGovernanceInput, Governance, GovernanceList, ListGovernanceQuery } from "@/lib/schemas/governance";
import { createGovernance, listGovernance } from "@/lib/governance/service";

export const GET = api(
  { auth: "api_key", summary: "List governance instances (filter by status, network)", query: ListGovernanceQuery, response: GovernanceList, tags: ["governance"] },
  ({ scope, query }) => listGovernance(scope, query),
);

export const POST = api(
  {
    auth: "api_key", summary: "Deploy a Governor plus Timelock (roles to the Governor, deployer admin renounced)", body: CreateGovernanceInput, response: Governance,
    status: 201, tags: ["governance"],
  },
  ({ scope, body }) => createGovernance(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH, DELETE } = unmatchedMethods;
