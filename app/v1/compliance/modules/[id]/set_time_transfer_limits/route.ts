// POST /v1/compliance/modules/{id}/set_time_transfer_limits — Set up to 4 windows of {period_sec, max_amount} in one batch on a TimeTransfersLimitsModule (batchSetTimeTransferLimit)
import { api } from "@/lib/api/handler";
import { TimeTransferLimitsInput, ModuleParams, Transaction } from "@/lib/schemas/compliance";
import { applyRule } from "@/lib/trex/compliance/service";

export const POST = api(
  { auth: "api_key", summary: "Set up to 4 windows of {period_sec, max_amount} in one batch on a TimeTransfersLimitsModule (batchSetTimeTransferLimit)", params: ModuleParams, body: TimeTransferLimitsInput, response: Transaction, status: 201, tags: ["compliance"] },
  ({ scope, params, body }) => applyRule(scope, params.id, { rule: "time_transfer_limits", limits: body.limits }, body, "set_time_transfer_limits"),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
