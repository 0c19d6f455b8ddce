// GET, PUT and POST /v1/settings/connect — Connect settings: CORS origins, OAuth client ids and passkey relying party (per tenant and mode)
import { api } from "@/lib/api/handler";
import { ConnectSettingsInput, ConnectSettings } from "@/lib/schemas/connect-identity";
import { getSection, patchSection } from "@/lib/connect/settings";
import { scopeOf } from "@/lib/tokens/scope";

export const GET = api(
  { auth: "api_key", summary: "Connect settings: CORS origins, OAuth client ids and passkey relying party", response: ConnectSettings, tags: ["settings"] },
  ({ caller }) => getSection(scopeOf(caller), "connect"),
);

export const PUT = api(
  { auth: "api_key", summary: "Update Connect settings: CORS origins, OAuth client ids and passkey relying party (partial: only the fields sent change)", body: ConnectSettingsInput, response: ConnectSettings, errors: { 403: "wallet_mode connect while the connect_mode feature is disabled (feature_disabled)", 409: "A client id is configured by another tenant (oauth_client_id_taken)" }, tags: ["settings"] },
  ({ caller, body }) => patchSection(scopeOf(caller), "connect", body),
);

// The spec lists POST with 201 and no purpose: it is the same partial update as PUT.
export const POST = api(
  {
    auth: "api_key",
    summary: "Update Connect settings: CORS origins, OAuth client ids and passkey relying party (same as PUT)",
    body: ConnectSettingsInput,
    response: ConnectSettings,
    status: 201,
    errors: { 403: "wallet_mode connect while the connect_mode feature is disabled (feature_disabled)", 409: "A client id is configured by another tenant (oauth_client_id_taken)" },
    tags: ["settings"],
  },
  ({ caller, body }) => patchSection(scopeOf(caller), "connect", body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PATCH, DELETE } = unmatchedMethods;
