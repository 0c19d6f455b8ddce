// GET /v1/vesting/{id}/vested?timestamp= — what has vested by a time (vestedAmount)
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { VestedAmount, VestedQuery } from "@/lib/schemas/vesting";
import { vestedAmount } from "@/lib/vesting/service";

export const GET = api(
  {
    auth: "api_key", summary: "Vested amount at a timestamp (default now)", params: IdParam, query: VestedQuery, response: VestedAmount,
    errors: { 404: "No such vesting schedule" }, tags: ["vesting"],
  },
  ({ scope, params, query }) => vestedAmount(scope, params.id, query.timestamp),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
