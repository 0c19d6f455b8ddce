// GET /v1/price_feeds — the listed aggregators and your consumers, per network
import { api } from "@/lib/api/handler";
import { ListFeedsQuery, PriceFeedList } from "@/lib/schemas/price-feeds";
import { listFeeds } from "@/lib/oracles/service";

export const GET = api(
  { auth: "api_key", summary: "List price feeds per network: the aggregators listed here and your consumers", query: ListFeedsQuery, response: PriceFeedList, tags: ["price feeds"] },
  ({ scope, query }) => listFeeds(scope, query.network),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
