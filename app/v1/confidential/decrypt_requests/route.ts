// POST /v1/confidential/decrypt_requests — ask the decryption gateway to decrypt a ciphertext handle
import { api } from "@/lib/api/handler";
import { CreateDecryptRequestInput, DecryptRequest } from "@/lib/schemas/confidential";
import { createDecryptRequest } from "@/lib/confidential/service";

export const POST = api(
  {
    auth: "api_key",
    summary: "Create a decrypt request for a ciphertext handle and the contract allowed to decrypt it (400 gateway_not_configured without a gateway)",
    body: CreateDecryptRequestInput,
    response: DecryptRequest,
    status: 201,
    errors: { 403: "The confidential_decrypt feature is disabled (feature_disabled)" },
    tags: ["confidential"],
  },
  ({ scope, body }) => createDecryptRequest(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
