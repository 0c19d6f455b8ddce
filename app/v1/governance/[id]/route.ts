// GET /v1/governance/{id} — a governance instance
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { Governance } from "@/lib/schemas/governance";
import { getGovernance } from "@/lib/governance/service";

export const GET = api(
  { auth: "api_key", summary: "Governance instance details", params: IdParam, response: Governance, errors: { 404: "No such governance instance" }, tags: ["governance"] },
  ({ scope, params }) => getGovernance(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
