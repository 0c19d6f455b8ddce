// GET /v1/price_feeds/{pair}/rounds?count= — the latest rounds of the aggregator, newest first
import { api } from "@/lib/api/handler";
import { PairParam, RoundList, RoundsQuery } from "@/lib/schemas/price-feeds";
import { rounds } from "@/lib/oracles/service";

export const GET = api(
  {
    auth: "api_key", summary: "Historical rounds (getRoundData), newest first; count 1 to 100", params: PairParam, query: RoundsQuery,
    response: RoundList, errors: { 404: "You have no consumer of this pair" }, tags: ["price feeds"],
  },
  ({ scope, params, query }) => rounds(scope, params.pair, query.count, query.network),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
