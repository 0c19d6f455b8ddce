// /v1/compliance/modules — create a T-REX compliance module (on chain or configuration-only) and list them
import { api } from "@/lib/api/handler";
import { ComplianceModule, ComplianceModuleList, CreateModuleInput, ListModulesQuery } from "@/lib/schemas/compliance";
import { createModule, listModules } from "@/lib/trex/compliance/service";

export const POST = api(
  {
    auth: "api_key", summary: "Create a T-REX compliance module: a ModuleProxy added to token_id's compliance (status deploying), or a configuration-only record (on_chain false)",
    body: CreateModuleInput, response: ComplianceModule, status: 201, tags: ["compliance"], errors: { 404: "No such token for this tenant (token_id)" },
  },
  ({ scope, body }) => createModule(scope, body),
);

export const GET = api(
  { auth: "api_key", summary: "List compliance modules (filters: kind, token_id, status)", query: ListModulesQuery, response: ComplianceModuleList, tags: ["compliance"] },
  ({ scope, query }) => listModules(scope, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH, DELETE } = unmatchedMethods;
