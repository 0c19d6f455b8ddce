// /v1/tenant-features/{feature} — enable or disable a flag with its configuration (POST; PUT is the legacy form)
import { postWithLegacy } from "@/lib/api/legacy-method";
import { FeatureParam, SetFeatureInput, TenantFeature } from "@/lib/schemas/features";
import { setFeature } from "@/lib/features/service";

// Always 200 (the spec lists 200 and 201): a flag exists for every tenant from the start, so setting it
// updates the tenant's state and creates no resource, the first time as later.
const { POST, PUT } = postWithLegacy(
  "PUT",
  { auth: "api_key", params: FeatureParam, body: SetFeatureInput, response: TenantFeature, errors: { 404: "No such feature flag" }, tags: ["tenant features"], summary: "Enable or disable a feature flag (per mode); `config` is validated by the flag's config_schema and replaces the stored one" },
  ({ scope, params, body }) => setFeature(scope, params.feature, body),
);
export { POST, PUT };

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PATCH, DELETE } = unmatchedMethods;
