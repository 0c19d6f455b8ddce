// GET /v1/connect/networks/{chainId} — EntryPoint, factory, validators, RPC URL and bundler URL of the chain
import { connectApi } from "@/lib/api/connect-routes";
import { notFound } from "@/lib/core/errors";
import { ChainIdParams, ConnectNetwork } from "@/lib/schemas/connect";
import { describeNetwork } from "@/lib/connect/accounts/networks";

export const GET = connectApi(
  { summary: "Connect configuration of a chain: factory, RPC URL and bundler URL", params: ChainIdParams, response: ConnectNetwork },
  ({ params }) => describeNetwork(params.chainId) ?? Promise.reject(notFound("network", params.chainId)),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
