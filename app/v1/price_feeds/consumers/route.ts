// POST /v1/price_feeds/consumers — deploy a price feed consumer through the platform's factory
import { api } from "@/lib/api/handler";
import { CreateConsumerInput, PriceFeedConsumer } from "@/lib/schemas/price-feeds";
import { createConsumer } from "@/lib/oracles/service";

export const POST = api(
  {
    auth: "api_key", summary: "Deploy a consumer of a Chainlink aggregator through the factory, owned by your acting account", body: CreateConsumerInput,
    response: PriceFeedConsumer, status: 201, tags: ["price feeds"],
  },
  ({ scope, body }) => createConsumer(scope, body),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { GET, PUT, PATCH, DELETE } = unmatchedMethods;
