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
    rpc: z.string().meta({ description: "Origin of the RPC_URL_<NAME> in use, or `local` when the embedded local chain serves the network." }),
  })
  .meta({ id: "Network" });

export const NetworkList = listOf(Network, "NetworkList");
