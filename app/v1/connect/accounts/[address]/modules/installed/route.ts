// GET /v1/connect/accounts/{address}/modules/installed — whether a module is installed (on-chain read)
import { api } from "@/lib/api/handler";
import { AccountParams, ModuleInstalled, ModuleInstalledQuery } from "@/lib/schemas/connect";
import { moduleInstalled } from "@/lib/connect/accounts";
import { scopeOf } from "@/lib/tokens/scope";

export const GET = api(
  { auth: "api_key", summary: "Whether an ERC-7579 module is installed on the account (on-chain read)", params: AccountParams, query: ModuleInstalledQuery, response: ModuleInstalled, tags: ["connect"] },
  ({ caller, params, query }) => moduleInstalled(scopeOf(caller), params.address, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
