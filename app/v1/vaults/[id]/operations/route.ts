// GET /v1/vaults/{id}/operations — the vault's deposits, mints, withdrawals and redemptions, newest first
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { ListVaultOperationsQuery, VaultOperationList } from "@/lib/schemas/vaults";
import { listVaultOperations } from "@/lib/vaults/service";

export const GET = api(
  {
    auth: "api_key", summary: "List a vault's operations (filter by action, status)", params: IdParam, query: ListVaultOperationsQuery, response: VaultOperationList,
    errors: { 404: "No such vault" }, tags: ["vaults"],
  },
  ({ scope, params, query }) => listVaultOperations(scope, params.id, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
