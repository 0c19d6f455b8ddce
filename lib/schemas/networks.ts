import { z } from "zod";
import { listOf } from "./common";

export const Network = z
  .object({
    object: z.literal("network"),
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
  })
  .meta({ id: "Network" });

export const NetworkList = listOf(Network, "NetworkList");
