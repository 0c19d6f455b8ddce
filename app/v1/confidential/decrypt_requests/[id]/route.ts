// GET /v1/confidential/decrypt_requests/{id} — a decrypt request, with its plaintext once fulfilled
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { DecryptRequest } from "@/lib/schemas/confidential";
import { getDecryptRequest } from "@/lib/confidential/service";

export const GET = api(
  {
    auth: "api_key", summary: "A decrypt request: status, and the plaintext once fulfilled", params: IdParam, response: DecryptRequest,
    errors: { 403: "The confidential_decrypt feature is disabled (feature_disabled)", 404: "No such decrypt request" }, tags: ["confidential"],
  },
  ({ scope, params }) => getDecryptRequest(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
