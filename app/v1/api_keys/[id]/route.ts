// /v1/api_keys/{id} — retrieve or revoke an API key
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { ApiKey } from "@/lib/schemas/api-keys";
import { getApiKey, revokeApiKey } from "@/lib/api-keys/service";

export const GET = api(
  { auth: "session", summary: "Retrieve an API key", params: IdParam, response: ApiKey, tags: ["api keys"] },
  ({ tenantId, params }) => getApiKey(tenantId, params.id),
);

export const DELETE = api(
  { auth: "session", summary: "Revoke an API key (takes effect at once)", params: IdParam, response: ApiKey, tags: ["api keys"] },
  ({ tenantId, params }) => revokeApiKey(tenantId, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH } = unmatchedMethods;
