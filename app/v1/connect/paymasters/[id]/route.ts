// GET, DELETE /v1/connect/paymasters/{id} — a paymaster; deactivate it (the on-chain deposit is unaffected)
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { Paymaster } from "@/lib/schemas/connect-identity";
import { deactivatePaymaster, getPaymaster } from "@/lib/connect/paymasters";
import { scopeOf } from "@/lib/tokens/scope";

export const GET = api(
  { auth: "api_key", summary: "Get a paymaster", params: IdParam, response: Paymaster, tags: ["connect"] },
  ({ caller, params }) => getPaymaster(scopeOf(caller), params.id),
);

export const DELETE = api(
  { auth: "api_key", summary: "Deactivate a paymaster (answers it, active: false); the on-chain deposit is unaffected", params: IdParam, response: Paymaster, tags: ["connect"] },
  ({ caller, params }) => deactivatePaymaster(scopeOf(caller), params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH } = unmatchedMethods;
