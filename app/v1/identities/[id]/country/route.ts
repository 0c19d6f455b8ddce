// /v1/identities/{id}/country — update the identity's country (POST, legacy PATCH)
import { postWithLegacy } from "@/lib/api/legacy-method";
import { Identity, IdentityParams, UpdateCountryInput } from "@/lib/schemas/identities";
import { updateIdentityCountry } from "@/lib/trex/identities/service";

const { POST, PATCH } = postWithLegacy(
  "PATCH",
  { auth: "api_key", params: IdentityParams, body: UpdateCountryInput, response: Identity, tags: ["identities"], summary: "Update the country code (IdentityRegistry.updateCountry; shows once confirmed)" },
  ({ scope, params, body }) => updateIdentityCountry(scope, params.id, body),
);
export { POST, PATCH };

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, DELETE } = unmatchedMethods;
