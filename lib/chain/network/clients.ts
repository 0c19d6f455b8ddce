// viem clients per network. A network with RPC_URL_<NAME> talks to that RPC; a test network without it
// may be served by the embedded local chain (LOCAL_CHAIN_RPC_URL, started by `npm run dev` and by the
// tests) where ./networks allows it; any other network is unavailable (400 network_unavailable).
// RPC_URL_<NAME> may list several URLs, comma-separated: viem's fallback transport sends each call to the best
// ranked one that answers (latency and stability, sampled in the background) and moves on when one fails.
import { createPublicClient, defineChain, fallback, http, type Chain, type PublicClient } from "viem";
import { assertAvailable, configuredRpcUrl, findNetwork, rpcUrlList, type Network } from "@/lib/chain/network/networks";
import { LOCAL_CHAIN_ID } from "@/lib/chain/local/accounts";
import { rpcFetch } from "@/lib/observability/rpc";

export interface ChainTarget {
  network: Network;
  /** Which RPC is really used: the network's name, or "local". Nonces are counted per chainKey. */
  chainKey: string;
  /** As configured (several URLs comma-separated): the key one client and one nonce sequence are kept by. */
  rpcUrl: string;
  rpcUrls: string[];
  chain: Chain;
  isLocal: boolean;
}

export function localRpcUrl() {
  const url = process.env.LOCAL_CHAIN_RPC_URL;
  if (!url) throw new Error("LOCAL_CHAIN_RPC_URL is not set: start the app with `npm run dev`, or set RPC_URL_<NETWORK>");
  return url;
}

export function chainTarget(networkName: string): ChainTarget {
  const network = findNetwork(networkName);
  if (!network) throw new Error(`unknown network ${networkName}`);
  assertAvailable(network);
  const configured = configuredRpcUrl(network);
  const rpcUrl = configured ?? localRpcUrl();
  const chainId = configured ? network.chainId : LOCAL_CHAIN_ID;
  const rpcUrls = rpcUrlList(rpcUrl);
  const chain = defineChain({
    id: chainId,
    name: configured ? network.displayName : `${network.displayName} (local chain)`,
    nativeCurrency: { name: network.nativeCurrency, symbol: network.nativeCurrency, decimals: 18 },
    rpcUrls: { default: { http: rpcUrls } },
    testnet: network.testnet,
  });
  return { network, chainKey: configured ? network.name : "local", rpcUrl, rpcUrls, chain, isLocal: !configured };
}

/**
 * The id of the chain that really serves the network here (31337 for a test network the local chain serves),
 * for every record, signature domain and response; the network's own id when nothing here serves it
 * (an RPC configured for it would then be that network's chain). Undefined for an unknown network.
 */
export function servingChainId(networkName: string): number | undefined {
  try {
    return chainTarget(networkName).chain.id;
  } catch {
    return findNetwork(networkName)?.chainId;
  }
}

const clients = new Map<string, PublicClient>();

/**
 * One public client per RPC, shared by every network that uses it. Calls made in the same tick go out as
 * one JSON-RPC batch, in call order: a wallet run sends its backlog this way, in nonce order (lib/chain/eoa/broadcast.ts).
 */
export function publicClient(networkName: string): PublicClient {
  const target = chainTarget(networkName);
  let client = clients.get(target.rpcUrl);
  if (!client) {
    // Every call's outcome is recorded under the client's key, the RPC it serves (./status reads it).
    const fetchFn = rpcFetch(target.rpcUrl);
    const transports = target.rpcUrls.map((url) => http(url, { retryCount: target.rpcUrls.length > 1 ? 0 : 2, batch: { wait: 0 }, fetchFn }));
    const transport = transports.length > 1 ? fallback(transports, { rank: { interval: 10_000 }, retryCount: 2 }) : transports[0];
    client = createPublicClient({ chain: target.chain, transport, pollingInterval: 250 });
    clients.set(target.rpcUrl, client);
  }
  return client;
}
