// POST /v1/connect/oauth/link — link a verified provider identity (oauth_token) to a smart account
import { connectApi } from "@/lib/api/connect-routes";
import { OAuthLink, OAuthLinkInput } from "@/lib/schemas/connect-identity";
import { linkOAuth } from "@/lib/connect/end-users/oauth";

export const POST = connectApi(
  { summary: "Link an OAuth identity to an account (repeating the same link answers it again)", body: OAuthLinkInput, response: OAuthLink, status: 201, errors: { 404: "No such account for this tenant on that chain", 409: "The identity is linked to another account, or the account already has a link for the provider" } },
  ({ scope, body }) => linkOAuth(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
