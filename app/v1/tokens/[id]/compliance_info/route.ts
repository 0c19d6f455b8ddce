// GET /v1/tokens/{id}/compliance_info — Compliance contract address and its modules, read on chain
import { api } from "@/lib/api/handler";
import { TokenParams } from "@/lib/schemas/tokens";
import { ComplianceInfo } from "@/lib/schemas/token-controls";
import { complianceInfo } from "@/lib/trex/controls/service";

export const GET = api(
  { auth: "api_key", summary: "Compliance contract address and its modules, read on chain", params: TokenParams, response: ComplianceInfo, tags: ["regulated tokens"] },
  ({ scope, params }) => complianceInfo(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
