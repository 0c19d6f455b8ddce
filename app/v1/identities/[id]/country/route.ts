// /v1/identities/{id}/country — update the identity's country (POST, legacy PATCH)
import { api } from "@/lib/api/handler";
import { Identity, IdentityParams, UpdateCountryInput } from "@/lib/schemas/identities";
import { updateIdentityCountry } from "@/lib/trex/identities/service";

const update = { auth: "api_key" as const, params: IdentityParams, body: UpdateCountryInput, response: Identity, tags: ["identities"] as const };

export const POST = api(
  { ...update, summary: "Update the country code (IdentityRegistry.updateCountry; shows once confirmed)" },
  ({ scope, params, body }) => updateIdentityCountry(scope, params.id, body),
);

export const PATCH = api(
  { ...update, summary: "Legacy form of the country update", deprecated: true },
  ({ scope, params, body }) => updateIdentityCountry(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, DELETE } = unmatchedMethods;
