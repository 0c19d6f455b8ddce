// GET /v1/vaults/{id} — a vault with its on-chain totals
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { VaultDetails } from "@/lib/schemas/vaults";
import { getVault } from "@/lib/vaults/service";

export const GET = api(
  { auth: "api_key", summary: "Vault details (with totalAssets and the share supply)", params: IdParam, response: VaultDetails, errors: { 404: "No such vault" }, tags: ["vaults"] },
  ({ scope, params }) => getVault(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
