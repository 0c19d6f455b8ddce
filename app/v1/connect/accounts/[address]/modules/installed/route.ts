// GET /v1/connect/accounts/{address}/modules/installed — whether a module is installed (on-chain read)
import { connectApi } from "@/lib/api/connect-routes";
import { AccountParams, ModuleInstalled, ModuleInstalledQuery } from "@/lib/schemas/connect";
import { moduleInstalled } from "@/lib/connect/accounts/service";

export const GET = connectApi(
  { summary: "Whether an ERC-7579 module is installed on the account (on-chain read)", params: AccountParams, query: ModuleInstalledQuery, response: ModuleInstalled },
  ({ scope, params, query }) => moduleInstalled(scope, params.address, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
