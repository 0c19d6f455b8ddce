// POST /v1/connect/oauth/verify — verify an identity provider's id_token (google or apple) against its JWKS
import { api } from "@/lib/api/handler";
import { OAuthVerifyInput, OAuthVerifyResult } from "@/lib/schemas/connect-identity";
import { verifyOAuth } from "@/lib/connect/oauth";
import { scopeOf } from "@/lib/tokens/scope";

export const POST = api(
  {
    auth: "api_key",
    summary: "Verify an OAuth id_token: a linked identity gets its account and a session token, a new one an oauth_token to link",
    body: OAuthVerifyInput,
    response: OAuthVerifyResult,
    errors: { 400: "The id_token is invalid, lacks a nonce issued by POST /v1/connect/oauth/nonce, or was already used", 502: "The provider's signing keys (JWKS) could not be fetched" },
    tags: ["connect"],
  },
  ({ caller, body }) => verifyOAuth(scopeOf(caller), body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
