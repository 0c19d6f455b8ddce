// GET /v1/connect/networks/{chainId} — EntryPoint, factory, validators, RPC URL and bundler URL of the chain
import { api } from "@/lib/api/handler";
import { notFound } from "@/lib/api/errors";
import { ChainIdParams, ConnectNetwork } from "@/lib/schemas/connect";
import { describeNetwork } from "@/lib/connect/networks";

export const GET = api(
  { auth: "api_key", summary: "Connect configuration of a chain: factory, RPC URL and bundler URL", params: ChainIdParams, response: ConnectNetwork, tags: ["connect"] },
  ({ params }) => describeNetwork(params.chainId) ?? Promise.reject(notFound("network", params.chainId)),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
