// GET, PUT and POST /v1/settings/connect — Connect settings: CORS origins, OAuth client ids and passkey relying party (per tenant and mode)
import { settingsRoutes } from "@/lib/api/settings-routes";
import { ConnectSettingsInput, ConnectSettings } from "@/lib/schemas/connect-identity";

const routes = settingsRoutes("connect", "Connect settings: CORS origins, OAuth client ids and passkey relying party", { body: ConnectSettingsInput, response: ConnectSettings }, { 403: "wallet_mode connect while the connect_mode feature is disabled (feature_disabled)", 409: "A client id is configured by another tenant (oauth_client_id_taken)" });
export const GET = routes.GET;
export const PUT = routes.PUT;
export const POST = routes.POST;

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PATCH, DELETE } = unmatchedMethods;
