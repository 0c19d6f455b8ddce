// GET, PUT and POST /v1/settings/cors — Allowed CORS origins of the tenant's DApps (per tenant and mode)
import { api } from "@/lib/api/handler";
import { CorsSettingsInput, CorsSettings } from "@/lib/schemas/connect-identity";
import { getSection, patchSection } from "@/lib/connect/settings";
import { scopeOf } from "@/lib/tokens/scope";

export const GET = api(
  { auth: "api_key", summary: "Allowed CORS origins of the tenant's DApps", response: CorsSettings, tags: ["settings"] },
  ({ caller }) => getSection(scopeOf(caller), "cors"),
);

export const PUT = api(
  { auth: "api_key", summary: "Update Allowed CORS origins of the tenant's DApps (partial: only the fields sent change)", body: CorsSettingsInput, response: CorsSettings, tags: ["settings"] },
  ({ caller, body }) => patchSection(scopeOf(caller), "cors", body),
);

// The spec lists POST with 201 and no purpose: it is the same partial update as PUT.
export const POST = api(
  {
    auth: "api_key",
    summary: "Update Allowed CORS origins of the tenant's DApps (same as PUT)",
    body: CorsSettingsInput,
    response: CorsSettings,
    status: 201,
    tags: ["settings"],
  },
  ({ caller, body }) => patchSection(scopeOf(caller), "cors", body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PATCH, DELETE } = unmatchedMethods;
