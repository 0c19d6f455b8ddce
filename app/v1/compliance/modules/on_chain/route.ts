// GET /v1/compliance/modules/on_chain — Modules registered on-chain in a token's compliance (ModularCompliance.getModules)
import { api } from "@/lib/api/handler";
import { OnChainModules, TokenQuery } from "@/lib/schemas/compliance";
import { onChainModules } from "@/lib/trex/compliance/reads";

export const GET = api(
  { auth: "api_key", summary: "Modules registered on-chain in a token's compliance (ModularCompliance.getModules)", query: TokenQuery, response: OnChainModules, tags: ["compliance"], errors: { 404: "No such token for this tenant" } },
  ({ scope, query }) => onChainModules(scope, query.token_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
