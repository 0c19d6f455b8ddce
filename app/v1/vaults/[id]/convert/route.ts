// GET /v1/vaults/{id}/convert — convertToShares / convertToAssets
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { ConvertQuery, VaultConversion } from "@/lib/schemas/vaults";
import { convert } from "@/lib/vaults/service";

export const GET = api(
  { auth: "api_key", summary: "Convert between shares and assets (give assets or shares)", params: IdParam, query: ConvertQuery, response: VaultConversion, errors: { 404: "No such vault" }, tags: ["vaults"] },
  ({ scope, params, query }) => convert(scope, params.id, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
