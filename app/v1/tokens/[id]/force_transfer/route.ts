// POST /v1/tokens/{id}/force_transfer — Force a transfer between addresses (forcedTransfer; agent action)
import { api } from "@/lib/api/handler";
import { TokenParams } from "@/lib/schemas/tokens";
import { Transaction } from "@/lib/schemas/transactions";
import { ForceTransferInput } from "@/lib/schemas/token-controls";
import { forceTransfer } from "@/lib/trex/controls/service";

export const POST = api(
  { auth: "api_key", summary: "Force a transfer between addresses (forcedTransfer; agent action)", params: TokenParams, body: ForceTransferInput, response: Transaction, tags: ["regulated tokens"] },
  ({ scope, params, body }) => forceTransfer(scope, params.id, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
