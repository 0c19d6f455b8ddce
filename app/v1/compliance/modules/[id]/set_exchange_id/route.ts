// POST /v1/compliance/modules/{id}/set_exchange_id — Tag or untag an ONCHAINID as an exchange on an ExchangeMonthlyLimitsModule (module owner's addExchangeID / removeExchangeID)
import { api } from "@/lib/api/handler";
import { ExchangeIdInput, ModuleParams, Transaction } from "@/lib/schemas/compliance";
import { applyRule } from "@/lib/trex/compliance/service";

export const POST = api(
  { auth: "api_key", summary: "Tag or untag an ONCHAINID as an exchange on an ExchangeMonthlyLimitsModule (module owner's addExchangeID / removeExchangeID)", params: ModuleParams, body: ExchangeIdInput, response: Transaction, status: 201, tags: ["compliance"] },
  ({ scope, params, body }) => applyRule(scope, params.id, { rule: "exchange_id", exchange_id: body.exchange_id, tagged: body.tagged }, body, "set_exchange_id"),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
