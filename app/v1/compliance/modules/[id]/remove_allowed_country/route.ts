// POST /v1/compliance/modules/{id}/remove_allowed_country — Remove a country from the whitelist of a CountryAllowModule (removeAllowedCountry)
import { api } from "@/lib/api/handler";
import { CountryInput, ModuleParams, Transaction } from "@/lib/schemas/compliance";
import { applyRule } from "@/lib/trex/compliance/service";

export const POST = api(
  { auth: "api_key", summary: "Remove a country from the whitelist of a CountryAllowModule (removeAllowedCountry)", params: ModuleParams, body: CountryInput, response: Transaction, status: 201, tags: ["compliance"] },
  ({ scope, params, body }) => applyRule(scope, params.id, { rule: "disallow_country", country: body.country }, body, "remove_allowed_country"),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
