// GET /v1/networks — the networks this deployment can deploy to, each with its health here (an addition)
import { api } from "@/lib/api/handler";
import { NetworkList } from "@/lib/schemas/networks";
import { listNetworksWithHealth } from "@/lib/chain/network/status";

export const GET = api({ auth: "api_key", summary: "List networks", response: NetworkList, tags: ["networks"] }, async () => {
  const data = await listNetworksWithHealth();
  return { object: "list", data, has_more: false, total: data.length };
});

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
