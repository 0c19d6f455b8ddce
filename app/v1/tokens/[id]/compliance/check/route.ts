// POST /v1/tokens/{id}/compliance/check — whether a transfer complies with the token's rules, read on chain
import { api } from "@/lib/api/handler";
import { ComplianceCheck, ComplianceCheckInput } from "@/lib/schemas/compliance";
import { TokenParams } from "@/lib/schemas/tokens";
import { checkTransfer } from "@/lib/trex/compliance/check";

export const POST = api(
  {
    auth: "api_key", summary: "Whether a transfer (from, to, amount; from the zero address: a mint) would pass the token's checks and every compliance module, and if not which refuses and why",
    params: TokenParams, body: ComplianceCheckInput, response: ComplianceCheck, tags: ["compliance"],
  },
  ({ scope, params, body }) => checkTransfer(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
