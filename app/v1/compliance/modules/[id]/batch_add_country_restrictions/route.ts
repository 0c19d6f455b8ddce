// POST /v1/compliance/modules/{id}/batch_add_country_restrictions — Restrict several countries at once on a CountryRestrictModule (batchRestrictCountries, at most 194)
import { api } from "@/lib/api/handler";
import { CountriesInput, ModuleParams, Transaction } from "@/lib/schemas/compliance";
import { applyRule } from "@/lib/trex/compliance/service";

export const POST = api(
  { auth: "api_key", summary: "Restrict several countries at once on a CountryRestrictModule (batchRestrictCountries, at most 194)", params: ModuleParams, body: CountriesInput, response: Transaction, status: 201, tags: ["compliance"] },
  ({ scope, params, body }) => applyRule(scope, params.id, { rule: "restrict_countries", countries: body.countries }, body, "batch_add_country_restrictions"),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
