// POST /v1/connect/oauth/verify — verify an identity provider's id_token (google or apple) against its JWKS
import { connectApi } from "@/lib/api/connect-routes";
import { OAuthVerifyInput, OAuthVerifyResult } from "@/lib/schemas/connect-identity";
import { verifyOAuth } from "@/lib/connect/end-users/oauth";

export const POST = connectApi(
  {
    summary: "Verify an OAuth id_token: a linked identity gets its account and a session token, a new one an oauth_token to link",
    body: OAuthVerifyInput,
    response: OAuthVerifyResult,
    errors: { 400: "The id_token is invalid, lacks a nonce issued by POST /v1/connect/oauth/nonce, or was already used", 502: "The provider's signing keys (JWKS) could not be fetched" },
  },
  ({ scope, body }) => verifyOAuth(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
