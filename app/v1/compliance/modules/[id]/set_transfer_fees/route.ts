// POST /v1/compliance/modules/{id}/set_transfer_fees — Update the fee rate (basis points) and collector wallet of a TransferFeesModule (setFee)
import { api } from "@/lib/api/handler";
import { TransferFeesInput, ModuleParams, Transaction } from "@/lib/schemas/compliance";
import { applyRule } from "@/lib/trex/compliance/service";

export const POST = api(
  { auth: "api_key", summary: "Update the fee rate (basis points) and collector wallet of a TransferFeesModule (setFee)", params: ModuleParams, body: TransferFeesInput, response: Transaction, status: 201, tags: ["compliance"] },
  ({ scope, params, body }) => applyRule(scope, params.id, { rule: "transfer_fees", basis_points: body.basis_points, collector: body.collector }, body, "set_transfer_fees"),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
