// /v1/api_keys — create and list the tenant's API keys (session access token)
import { api } from "@/lib/api/handler";
import { ListQuery } from "@/lib/schemas/common";
import { ApiKey, ApiKeyList, CreateApiKeyInput } from "@/lib/schemas/api-keys";
import { createApiKey, listApiKeys } from "@/lib/api-keys/service";

export const POST = api(
  { auth: "session", summary: "Create an API key (the secret is returned only here)", body: CreateApiKeyInput, response: ApiKey, status: 201, tags: ["api keys"] },
  ({ tenantId, body }) => createApiKey(tenantId, body),
);

export const GET = api(
  { auth: "session", summary: "List API keys", query: ListQuery, response: ApiKeyList, tags: ["api keys"] },
  ({ tenantId, query }) => listApiKeys(tenantId, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH, DELETE } = unmatchedMethods;
