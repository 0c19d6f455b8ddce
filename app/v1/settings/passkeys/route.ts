// GET, PUT and POST /v1/settings/passkeys — WebAuthn relying-party configuration (per tenant and mode)
import { settingsRoutes } from "@/lib/api/settings-routes";
import { PasskeySettingsInput, PasskeySettings } from "@/lib/schemas/connect-identity";

const routes = settingsRoutes("passkeys", "WebAuthn relying-party configuration", { body: PasskeySettingsInput, response: PasskeySettings });
export const GET = routes.GET;
export const PUT = routes.PUT;
export const POST = routes.POST;

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PATCH, DELETE } = unmatchedMethods;
