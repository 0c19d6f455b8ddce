// GET /v1/compliance/modules/{id}/is_exchange_id — On-chain isExchangeID read, with the monthly limit for the module's compliance
import { api } from "@/lib/api/handler";
import { ExchangeIdCheck, ExchangeIdQuery, ModuleParams } from "@/lib/schemas/compliance";
import { isExchangeId } from "@/lib/trex/compliance/reads";

export const GET = api(
  { auth: "api_key", summary: "On-chain isExchangeID read, with the monthly limit for the module's compliance", params: ModuleParams, query: ExchangeIdQuery, response: ExchangeIdCheck, tags: ["compliance"] },
  ({ scope, params, query }) => isExchangeId(scope, params.id, query.exchange_id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
