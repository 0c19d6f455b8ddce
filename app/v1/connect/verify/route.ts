// POST /v1/connect/verify — verify an EIP-4361 (sign-in with Ethereum) message and signature
import { api } from "@/lib/api/handler";
import { SiweVerifyInput, SiweVerifyResult } from "@/lib/schemas/connect-identity";
import { verifySiwe } from "@/lib/connect/siwe";
import { scopeOf } from "@/lib/tokens/scope";

export const POST = api(
  {
    auth: "api_key",
    summary: "Verify a sign-in-with-Ethereum message (domain: an allowed origin's host; nonce: once; expiry honoured) and get a session token",
    body: SiweVerifyInput,
    response: SiweVerifyResult,
    tags: ["connect"],
  },
  ({ caller, body }) => verifySiwe(scopeOf(caller), body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
