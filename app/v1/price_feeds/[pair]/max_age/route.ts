// /v1/price_feeds/{pair}/max_age — set the consumer's stale-price threshold (POST, and PUT the legacy form)
import { api } from "@/lib/api/handler";
import { MaxAgeInput, PairParam, PairQuery } from "@/lib/schemas/price-feeds";
import { Transaction } from "@/lib/schemas/transactions";
import { setMaxAge } from "@/lib/oracles/service";

const options = {
  auth: "api_key" as const, params: PairParam, query: PairQuery, body: MaxAgeInput, response: Transaction,
  errors: { 404: "You have no consumer of this pair" }, tags: ["price feeds"] as const,
};

export const POST = api(
  { ...options, status: 201, summary: "Set max_age_seconds on the consumer (setMaxAge); answers the transaction, the config shows it once confirmed" },
  ({ scope, params, query, body }) => setMaxAge(scope, params.pair, body, query.network),
);

export const PUT = api(
  { ...options, summary: "Legacy form of POST /v1/price_feeds/{pair}/max_age" },
  ({ scope, params, query, body }) => setMaxAge(scope, params.pair, body, query.network),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PATCH, DELETE } = unmatchedMethods;
