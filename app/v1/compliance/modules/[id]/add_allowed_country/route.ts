// POST /v1/compliance/modules/{id}/add_allowed_country — Whitelist an ISO 3166-1 country on a CountryAllowModule (addAllowedCountry)
import { api } from "@/lib/api/handler";
import { CountryInput, ModuleParams, Transaction } from "@/lib/schemas/compliance";
import { applyRule } from "@/lib/trex/compliance/service";

export const POST = api(
  { auth: "api_key", summary: "Whitelist an ISO 3166-1 country on a CountryAllowModule (addAllowedCountry)", params: ModuleParams, body: CountryInput, response: Transaction, status: 201, tags: ["compliance"] },
  ({ scope, params, body }) => applyRule(scope, params.id, { rule: "allow_country", country: body.country }, body, "add_allowed_country"),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
