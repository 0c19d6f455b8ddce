// POST /v1/api_keys/{id}/rotate — new secret; the old one works for the grace period
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { ApiKey, RotateApiKeyInput } from "@/lib/schemas/api-keys";
import { rotateApiKey } from "@/lib/api-keys/service";

export const POST = api(
  { auth: "session", summary: "Rotate an API key's secret", params: IdParam, body: RotateApiKeyInput, response: ApiKey, tags: ["api keys"] },
  ({ tenantId, params, body }) => rotateApiKey(tenantId, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
