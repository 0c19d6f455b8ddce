// GET, PUT and POST /v1/settings/passkeys — WebAuthn relying-party configuration (per tenant and mode)
import { api } from "@/lib/api/handler";
import { PasskeySettingsInput, PasskeySettings } from "@/lib/schemas/connect-identity";
import { getSection, patchSection } from "@/lib/connect/settings";
import { scopeOf } from "@/lib/tokens/scope";

export const GET = api(
  { auth: "api_key", summary: "WebAuthn relying-party configuration", response: PasskeySettings, tags: ["settings"] },
  ({ caller }) => getSection(scopeOf(caller), "passkeys"),
);

export const PUT = api(
  { auth: "api_key", summary: "Update WebAuthn relying-party configuration (partial: only the fields sent change)", body: PasskeySettingsInput, response: PasskeySettings, tags: ["settings"] },
  ({ caller, body }) => patchSection(scopeOf(caller), "passkeys", body),
);

// The spec lists POST with 201 and no purpose: it is the same partial update as PUT.
export const POST = api(
  {
    auth: "api_key",
    summary: "Update WebAuthn relying-party configuration (same as PUT)",
    body: PasskeySettingsInput,
    response: PasskeySettings,
    status: 201,
    tags: ["settings"],
  },
  ({ caller, body }) => patchSection(scopeOf(caller), "passkeys", body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PATCH, DELETE } = unmatchedMethods;
