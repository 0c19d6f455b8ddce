// GET /v1/vaults/{id}/preview — preview a deposit, mint, withdrawal or redemption
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { PreviewQuery, VaultPreview } from "@/lib/schemas/vaults";
import { preview } from "@/lib/vaults/service";

export const GET = api(
  { auth: "api_key", summary: "Preview a deposit, mint, withdraw or redeem (ERC-4626 preview*)", params: IdParam, query: PreviewQuery, response: VaultPreview, errors: { 404: "No such vault" }, tags: ["vaults"] },
  ({ scope, params, query }) => preview(scope, params.id, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
