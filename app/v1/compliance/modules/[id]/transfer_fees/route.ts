// GET /v1/compliance/modules/{id}/transfer_fees — On-chain getFee read
import { api } from "@/lib/api/handler";
import { ModuleParams, TransferFees } from "@/lib/schemas/compliance";
import { transferFees } from "@/lib/trex/compliance/reads";

export const GET = api(
  { auth: "api_key", summary: "On-chain getFee read", params: ModuleParams, response: TransferFees, tags: ["compliance"] },
  ({ scope, params }) => transferFees(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
