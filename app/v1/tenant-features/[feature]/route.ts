// /v1/tenant-features/{feature} — enable or disable a flag with its configuration (POST; PUT is the legacy form)
import { api } from "@/lib/api/handler";
import { FeatureParam, SetFeatureInput, TenantFeature } from "@/lib/schemas/features";
import { setFeature } from "@/lib/features/service";

const options = {
  auth: "api_key" as const, params: FeatureParam, body: SetFeatureInput, response: TenantFeature,
  errors: { 404: "No such feature flag" }, tags: ["tenant features"] as const,
};

export const POST = api(
  // Always 200 (the spec lists 200 and 201): a flag exists for every tenant from the start, so setting it
  // updates the tenant's state and creates no resource, the first time as later.
  { ...options, summary: "Enable or disable a feature flag (per mode); `config` is validated by the flag's config_schema and replaces the stored one" },
  ({ scope, params, body }) => setFeature(scope, params.feature, body),
);

export const PUT = api(
  { ...options, summary: "Legacy form of POST /v1/tenant-features/{feature} (same body; answers 200); use POST", deprecated: true },
  ({ scope, params, body }) => setFeature(scope, params.feature, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PATCH, DELETE } = unmatchedMethods;
