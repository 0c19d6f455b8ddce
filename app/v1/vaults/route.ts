// /v1/vaults — list vaults; deploy an ERC-4626 vault
import { api } from "@/lib/api/handler";
import { CreateVaultInput, ListVaultsQuery, Vault, VaultList } from "@/lib/schemas/vaults";
import { createVault, listVaults } from "@/lib/vaults/service";

export const GET = api(
  { auth: "api_key", summary: "List vaults (filter by status, network)", query: ListVaultsQuery, response: VaultList, tags: ["vaults"] },
  ({ scope, query }) => listVaults(scope, query),
);

export const POST = api(
  { auth: "api_key", summary: "Deploy an ERC-4626 vault (OpenZeppelin ERC4626) over an ERC-20 asset", body: CreateVaultInput, response: Vault, status: 201, tags: ["vaults"] },
  ({ scope, body }) => createVault(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { PUT, PATCH, DELETE } = unmatchedMethods;
