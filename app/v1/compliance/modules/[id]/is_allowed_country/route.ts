// GET /v1/compliance/modules/{id}/is_allowed_country — On-chain isCountryAllowed read (CountryAllowModule; on a CountryRestrictModule: not isCountryRestricted)
import { api } from "@/lib/api/handler";
import { CountryCheck, CountryQuery, ModuleParams } from "@/lib/schemas/compliance";
import { isAllowedCountry } from "@/lib/trex/compliance/reads";

export const GET = api(
  { auth: "api_key", summary: "On-chain isCountryAllowed read (CountryAllowModule; on a CountryRestrictModule: not isCountryRestricted)", params: ModuleParams, query: CountryQuery, response: CountryCheck, tags: ["compliance"] },
  ({ scope, params, query }) => isAllowedCountry(scope, params.id, query.country),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
