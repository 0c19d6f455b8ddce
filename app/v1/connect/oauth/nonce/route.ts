// POST /v1/connect/oauth/nonce — a nonce for the provider's sign-in; the id_token must carry it (used once)
import { connectApi } from "@/lib/api/connect-routes";
import { OAuthNonce, OAuthNonceInput } from "@/lib/schemas/connect-identity";
import { issueOAuthNonce } from "@/lib/connect/end-users/oauth-replay";

// Not in the spec (it names no nonce endpoint): verify needs a nonce the platform issued (issue 23).
export const POST = connectApi(
  {
    summary: "Issue a nonce to pass to the identity provider's sign-in; POST /v1/connect/oauth/verify accepts an id_token only with a nonce issued here (10 minutes, once)",
    body: OAuthNonceInput,
    response: OAuthNonce,
    status: 201,
  },
  ({ scope }) => issueOAuthNonce(scope),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
