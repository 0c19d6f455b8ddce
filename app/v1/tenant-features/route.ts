// GET /v1/tenant-features — the self-service feature flags with the tenant's state in the key's mode
import { api } from "@/lib/api/handler";
import { TenantFeatureList } from "@/lib/schemas/features";
import { listFeatures } from "@/lib/features/service";

export const GET = api(
  { auth: "api_key", summary: "List the tenant's feature flags: description, state, configuration and its JSON schema (per mode)", response: TenantFeatureList, tags: ["tenant features"] },
  ({ scope }) => listFeatures(scope),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
