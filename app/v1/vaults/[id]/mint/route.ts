// POST /v1/vaults/{id}/mint — mint shares by depositing the assets they take
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { MintInput, VaultOperation } from "@/lib/schemas/vaults";
import { mint } from "@/lib/vaults/service";

export const POST = api(
  {
    auth: "api_key", summary: "Mint shares by depositing assets (approve plus mint as two operations)", params: IdParam, body: MintInput, response: VaultOperation, status: 201,
    errors: { 404: "No such vault" }, tags: ["vaults"],
  },
  ({ scope, params, body }) => mint(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
