// GET, PUT and POST /v1/settings/cors — Allowed CORS origins of the tenant's DApps (per tenant and mode)
import { settingsRoutes } from "@/lib/api/settings-routes";
import { CorsSettingsInput, CorsSettings } from "@/lib/schemas/connect-identity";

const routes = settingsRoutes("cors", "Allowed CORS origins of the tenant's DApps", { body: CorsSettingsInput, response: CorsSettings });
export const GET = routes.GET;
export const PUT = routes.PUT;
export const POST = routes.POST;

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PATCH, DELETE } = unmatchedMethods;
