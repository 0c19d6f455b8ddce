// GET /v1/price_feeds/{pair}/config — the consumer contract's configuration, read from chain
import { api } from "@/lib/api/handler";
import { ConsumerConfig, PairParam, PairQuery } from "@/lib/schemas/price-feeds";
import { consumerConfig } from "@/lib/oracles/service";

export const GET = api(
  {
    auth: "api_key", summary: "Consumer contract configuration (pair, aggregator, max age, owner) and the aggregator's decimals", params: PairParam, query: PairQuery,
    response: ConsumerConfig, errors: { 404: "You have no consumer of this pair" }, tags: ["price feeds"],
  },
  ({ scope, params, query }) => consumerConfig(scope, params.pair, query.network),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
