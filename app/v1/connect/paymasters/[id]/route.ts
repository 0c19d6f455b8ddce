// GET, DELETE /v1/connect/paymasters/{id} — a paymaster; deactivate it (the on-chain deposit is unaffected)
import { connectApi } from "@/lib/api/connect-routes";
import { IdParam } from "@/lib/schemas/common";
import { Paymaster } from "@/lib/schemas/connect-identity";
import { deactivatePaymaster, getPaymaster } from "@/lib/connect/paymasters/service";

export const GET = connectApi(
  { summary: "Get a paymaster", params: IdParam, response: Paymaster },
  ({ scope, params }) => getPaymaster(scope, params.id),
);

export const DELETE = connectApi(
  { summary: "Deactivate a paymaster (answers it, active: false); the on-chain deposit is unaffected", params: IdParam, response: Paymaster },
  ({ scope, params }) => deactivatePaymaster(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH } = unmatchedMethods;
