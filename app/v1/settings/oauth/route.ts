// GET, PUT and POST /v1/settings/oauth — OAuth client ids of the two identity providers (google, apple) (per tenant and mode)
import { api } from "@/lib/api/handler";
import { OAuthSettingsInput, OAuthSettings } from "@/lib/schemas/connect-identity";
import { getSection, patchSection } from "@/lib/connect/settings";
import { scopeOf } from "@/lib/tokens/scope";

export const GET = api(
  { auth: "api_key", summary: "OAuth client ids of the two identity providers (google, apple)", response: OAuthSettings, tags: ["settings"] },
  ({ caller }) => getSection(scopeOf(caller), "oauth"),
);

export const PUT = api(
  { auth: "api_key", summary: "Update OAuth client ids of the two identity providers (google, apple) (partial: only the fields sent change)", body: OAuthSettingsInput, response: OAuthSettings, errors: { 409: "A client id is configured by another tenant (oauth_client_id_taken)" }, tags: ["settings"] },
  ({ caller, body }) => patchSection(scopeOf(caller), "oauth", body),
);

// The spec lists POST with 201 and no purpose: it is the same partial update as PUT.
export const POST = api(
  {
    auth: "api_key",
    summary: "Update OAuth client ids of the two identity providers (google, apple) (same as PUT)",
    body: OAuthSettingsInput,
    response: OAuthSettings,
    status: 201,
    errors: { 409: "A client id is configured by another tenant (oauth_client_id_taken)" },
    tags: ["settings"],
  },
  ({ caller, body }) => patchSection(scopeOf(caller), "oauth", body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PATCH, DELETE } = unmatchedMethods;
