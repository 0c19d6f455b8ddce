// POST /v1/compliance/modules/{id}/remove_country_restriction — Lift one country restriction on a CountryRestrictModule (removeCountryRestriction)
import { api } from "@/lib/api/handler";
import { CountryInput, ModuleParams, Transaction } from "@/lib/schemas/compliance";
import { applyRule } from "@/lib/trex/compliance/service";

export const POST = api(
  { auth: "api_key", summary: "Lift one country restriction on a CountryRestrictModule (removeCountryRestriction)", params: ModuleParams, body: CountryInput, response: Transaction, status: 201, tags: ["compliance"] },
  ({ scope, params, body }) => applyRule(scope, params.id, { rule: "unrestrict_country", country: body.country }, body, "remove_country_restriction"),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
