// GET /v1/vaults/{id}/operations/{operation_id} — one deposit, mint, withdrawal or redemption
import { api } from "@/lib/api/handler";
import { VaultOperation, VaultOperationParams } from "@/lib/schemas/vaults";
import { getVaultOperation } from "@/lib/vaults/service";

export const GET = api(
  { auth: "api_key", summary: "Retrieve a vault operation", params: VaultOperationParams, response: VaultOperation, errors: { 404: "No such vault or operation" }, tags: ["vaults"] },
  ({ scope, params }) => getVaultOperation(scope, params.id, params.operation_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
