// GET /v1/compliance/modules/{id}/time_transfer_limits — On-chain getTimeTransferLimits read
import { api } from "@/lib/api/handler";
import { ModuleParams, TimeTransferLimits } from "@/lib/schemas/compliance";
import { timeTransferLimits } from "@/lib/trex/compliance/reads";

export const GET = api(
  { auth: "api_key", summary: "On-chain getTimeTransferLimits read", params: ModuleParams, response: TimeTransferLimits, tags: ["compliance"] },
  ({ scope, params }) => timeTransferLimits(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
