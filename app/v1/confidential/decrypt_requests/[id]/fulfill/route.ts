// POST /v1/confidential/decrypt_requests/{id}/fulfill — relay the gateway's signed plaintext
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { DecryptRequest, FulfillDecryptRequestInput } from "@/lib/schemas/confidential";
import { fulfillDecryptRequest } from "@/lib/confidential/service";

export const POST = api(
  {
    auth: "api_key",
    summary: "Fulfil a decrypt request with the gateway's plaintext and EIP-712 signature (verified; 400 signature_invalid changes nothing). The same answer again answers 200",
    params: IdParam,
    body: FulfillDecryptRequestInput,
    response: DecryptRequest,
    errors: {
      403: "The confidential_decrypt feature is disabled (feature_disabled)",
      404: "No such decrypt request",
      409: "Already fulfilled with another plaintext (decrypt_request_fulfilled), or expired (decrypt_request_expired)",
    },
    tags: ["confidential"],
  },
  ({ scope, params, body }) => fulfillDecryptRequest(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
