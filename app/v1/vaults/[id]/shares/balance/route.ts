// GET /v1/vaults/{id}/shares/balance — share balance of an address
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { AddressQuery, SharesBalance } from "@/lib/schemas/vaults";
import { sharesBalance } from "@/lib/vaults/service";

export const GET = api(
  { auth: "api_key", summary: "ERC-20 balance of shares (and the assets they are worth)", params: IdParam, query: AddressQuery, response: SharesBalance, errors: { 404: "No such vault" }, tags: ["vaults"] },
  ({ scope, params, query }) => sharesBalance(scope, params.id, query.address),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
