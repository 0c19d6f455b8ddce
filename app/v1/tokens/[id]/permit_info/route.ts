// GET /v1/tokens/{id}/permit_info — nonce, domain separator and EIP-712 domain for an EIP-2612 permit
import { api } from "@/lib/api/handler";
import { PermitInfo, PermitInfoQuery, TokenParams } from "@/lib/schemas/tokens";
import { permitInfo } from "@/lib/tokens/reads";

export const GET = api(
  { auth: "api_key", summary: "Data to sign an EIP-2612 permit (ERC-20)", params: TokenParams, query: PermitInfoQuery, response: PermitInfo, tags: ["tokens"] },
  ({ scope, params, query }) => permitInfo(scope, params.id, query.owner as `0x${string}`),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
