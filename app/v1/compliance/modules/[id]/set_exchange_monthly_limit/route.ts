// POST /v1/compliance/modules/{id}/set_exchange_monthly_limit — Monthly transfer cap toward an exchange ONCHAINID on an ExchangeMonthlyLimitsModule (setExchangeMonthlyLimit)
import { api } from "@/lib/api/handler";
import { ExchangeMonthlyLimitInput, ModuleParams, Transaction } from "@/lib/schemas/compliance";
import { applyRule } from "@/lib/trex/compliance/service";

export const POST = api(
  { auth: "api_key", summary: "Monthly transfer cap toward an exchange ONCHAINID on an ExchangeMonthlyLimitsModule (setExchangeMonthlyLimit)", params: ModuleParams, body: ExchangeMonthlyLimitInput, response: Transaction, status: 201, tags: ["compliance"] },
  ({ scope, params, body }) => applyRule(scope, params.id, { rule: "exchange_monthly_limit", exchange_id: body.exchange_id, monthly_limit: body.monthly_limit }, body, "set_exchange_monthly_limit"),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
