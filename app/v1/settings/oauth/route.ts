// GET, PUT and POST /v1/settings/oauth — OAuth client ids of the two identity providers (google, apple) (per tenant and mode)
import { settingsRoutes } from "@/lib/api/settings-routes";
import { OAuthSettingsInput, OAuthSettings } from "@/lib/schemas/connect-identity";

const routes = settingsRoutes("oauth", "OAuth client ids of the two identity providers (google, apple)", { body: OAuthSettingsInput, response: OAuthSettings }, { 409: "A client id is configured by another tenant (oauth_client_id_taken)" });
export const GET = routes.GET;
export const PUT = routes.PUT;
export const POST = routes.POST;

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PATCH, DELETE } = unmatchedMethods;
