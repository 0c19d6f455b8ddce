// GET /v1/tokens/{id}/frozen — Whether an address is frozen (isFrozen)
import { api } from "@/lib/api/handler";
import { TokenParams } from "@/lib/schemas/tokens";
import { FrozenStatus, InvestorQuery } from "@/lib/schemas/token-controls";
import { frozenStatus } from "@/lib/trex/controls/service";

export const GET = api(
  { auth: "api_key", summary: "Whether an address is frozen (isFrozen)", params: TokenParams, query: InvestorQuery, response: FrozenStatus, tags: ["regulated tokens"] },
  ({ scope, params, query }) => frozenStatus(scope, params.id, query.address),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
