// GET /v1/price_feeds/{pair} — the current price from the aggregator, flagged stale past max_age_seconds
import { api } from "@/lib/api/handler";
import { PairParam, PairQuery, Price } from "@/lib/schemas/price-feeds";
import { currentPrice } from "@/lib/oracles/service";

export const GET = api(
  {
    auth: "api_key", summary: "Current price from the aggregator (latestRoundData), with stale: true once older than max_age_seconds", params: PairParam, query: PairQuery,
    response: Price, errors: { 404: "You have no consumer of this pair" }, tags: ["price feeds"],
  },
  ({ scope, params, query }) => currentPrice(scope, params.pair, query.network),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
