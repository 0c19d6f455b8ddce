// POST /v1/connect/verify — verify an EIP-4361 (sign-in with Ethereum) message and signature
import { connectApi } from "@/lib/api/connect-routes";
import { SiweVerifyInput, SiweVerifyResult } from "@/lib/schemas/connect-identity";
import { verifySiwe } from "@/lib/connect/end-users/siwe";

export const POST = connectApi(
  {
    summary: "Verify a sign-in-with-Ethereum message (domain: an allowed origin's host; nonce: once; expiry honoured) and get a session token",
    body: SiweVerifyInput,
    response: SiweVerifyResult,
  },
  ({ scope, body }) => verifySiwe(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
