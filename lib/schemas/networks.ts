import { z } from "zod";
import { listOf, apiObject } from "./common";

export const Network = apiObject("network", {
  name: z.string().meta({ example: "polygon_amoy" }),
  display_name: z.string(),
  chain_id: z.number().int(),
  testnet: z.boolean(),
  native_currency: z.string(),
  explorer_url: z.string().nullable().meta({ description: "Block explorer, when the network runs on its real RPC." }),
  rpc: z.string().nullable().meta({ description: "Origin of the RPC_URL_<NAME> in use, `local` when the embedded local chain serves the network, or null when nothing does." }),
  available: z.boolean().meta({
    description: "Whether writes can go to this network here. False without RPC_URL_<NAME> for a mainnet, and for a test network outside development (writes answer 400 network_unavailable).",
  }),
  // Additions to the spec: the network's health here (lib/chain/network/status).
  status: z.enum(["operational", "degraded", "down", "unavailable"]).meta({
    description:
      "Addition to the spec. Whether the network works here now, from this instance's calls to its RPC over the last 5 minutes and how long its head block has stood still against the network's block time. `unavailable`: no RPC serves it (see `available`). `down`: the RPC answers none of its calls (timeouts, connection or HTTP errors) for 20 s or more, or no block came for 100 block times (at least 5 min). `degraded`: every call failed for 10 s since the RPC last served one (at least 3), 10% of the last 5 minutes' calls failed (at least 20 calls) or half of the last minute's (at least 5), no answer to any call for 5 s since a read of the head started, or no block for 10 block times (at least 30 s). Writes to a degraded or down network are still taken: they wait and go out when it recovers. Thresholds: README, \"Running on real networks\".",
  }),
  status_reason: z.string().nullable().meta({
    description: "Addition to the spec. Why the status is not `operational`, in plain words, e.g. \"34% of the 120 RPC calls in the last 5 minutes were rate-limited (429)\", \"none of the last 14 RPC calls was served (for 25 s): they were rate-limited (429)\" or \"no new block for 58 s; blocks normally every 2 s\"; null when operational.",
    example: "34% of the 120 RPC calls in the last 5 minutes were rate-limited (429)",
  }),
  rpc_calls: z.number().int().meta({ description: "Addition to the spec. JSON-RPC calls this instance made to the network's RPC in the last 5 minutes (each call of a batch counts)." }),
  rpc_error_rate: z.number().meta({ description: "Addition to the spec. Share (0–1) of those calls that failed: answered 429, timed out, could not connect, or got an HTTP error. A JSON-RPC error (a revert, \"nonce too low\") is an answer, not a failure." }),
  rpc_rate_limited: z.number().int().meta({ description: "Addition to the spec. Of those calls, how many were rate-limited (HTTP 429, or JSON-RPC -32005 \"limit exceeded\")." }),
  rpc_timeouts: z.number().int().meta({ description: "Addition to the spec. Of those calls, how many timed out." }),
  rpc_connection_errors: z.number().int().meta({ description: "Addition to the spec. Of those calls, how many could not connect or lost the connection." }),
  rpc_http_errors: z.number().int().meta({ description: "Addition to the spec. Of those calls, how many got an HTTP error other than 429 (e.g. 502), or an answer that was no JSON." }),
  rpc_jsonrpc_errors: z.number().int().meta({ description: "Addition to the spec. Of those calls, how many the node answered with a JSON-RPC error (not counted as failures)." }),
  head_block: z.number().int().nullable().meta({ description: "Addition to the spec. The latest block the RPC served, or null before any was read." }),
  head_age_seconds: z.number().nullable().meta({ description: "Addition to the spec. How long the RPC has served that same block as its head, as this instance saw it (block timestamps are not used: a chain's clock may differ from ours)." }),
  block_time_seconds: z.number().nullable().meta({ description: "Addition to the spec. How often the network makes a block, against which head_age_seconds is judged; null where blocks come on demand (the embedded local chain)." }),
}).meta({ id: "Network" });

export const NetworkList = listOf(Network, "NetworkList");
