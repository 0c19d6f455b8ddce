// viem clients per network. A network with RPC_URL_<NAME> talks to that RPC; a test network without it
// may be served by the embedded local chain (LOCAL_CHAIN_RPC_URL, started by `npm run dev` and by the
// tests) where ./networks allows it; any other network is unavailable (400 network_unavailable).
import { createPublicClient, defineChain, http, type Chain, type PublicClient } from "viem";
import { assertAvailable, configuredRpcUrl, findNetwork, type Network } from "./networks";
import { LOCAL_CHAIN_ID } from "./local-accounts";

export interface ChainTarget {
  network: Network;
  /** Which RPC is really used: the network's name, or "local". Nonces are counted per chainKey. */
  chainKey: string;
  rpcUrl: string;
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
  const chain = defineChain({
    id: chainId,
    name: configured ? network.displayName : `${network.displayName} (local chain)`,
    nativeCurrency: { name: network.nativeCurrency, symbol: network.nativeCurrency, decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: network.testnet,
  });
  return { network, chainKey: configured ? network.name : "local", rpcUrl, chain, isLocal: !configured };
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
    client = createPublicClient({ chain: target.chain, transport: http(target.rpcUrl, { retryCount: 2, batch: { wait: 0 } }), pollingInterval: 250 });
    clients.set(target.rpcUrl, client);
  }
  return client;
}
