// The networks this deployment knows. A network uses RPC_URL_<NAME> when set. Without it, only a test
// network may be served by the embedded local chain, and only in development (NODE_ENV !== "production")
// or where the operator opts in with ALLOW_LOCAL_CHAIN=1 (the single-machine `npm start` demo). A mainnet
// is never served by the local chain: live keys' writes there would look real and be nothing. Such a
// network is listed with `available: false`, and writes to it answer 400 network_unavailable.
import { ApiError } from "@/lib/core/errors";

export interface Network {
  name: string;
  displayName: string;
  chainId: number;
  testnet: boolean;
  nativeCurrency: string;
  explorerUrl: string | null;
  /** How often the network makes a block, in seconds (null: on demand), against which a still head is judged (./status). */
  blockSeconds: number | null;
}

const networks: Network[] = [
  { name: "ethereum", displayName: "Ethereum", chainId: 1, testnet: false, nativeCurrency: "ETH", explorerUrl: "https://etherscan.io", blockSeconds: 12 },
  { name: "sepolia", displayName: "Ethereum Sepolia", chainId: 11155111, testnet: true, nativeCurrency: "ETH", explorerUrl: "https://sepolia.etherscan.io", blockSeconds: 12 },
  { name: "polygon", displayName: "Polygon", chainId: 137, testnet: false, nativeCurrency: "POL", explorerUrl: "https://polygonscan.com", blockSeconds: 2 },
  { name: "polygon_amoy", displayName: "Polygon Amoy", chainId: 80002, testnet: true, nativeCurrency: "POL", explorerUrl: "https://amoy.polygonscan.com", blockSeconds: 2 },
  { name: "base", displayName: "Base", chainId: 8453, testnet: false, nativeCurrency: "ETH", explorerUrl: "https://basescan.org", blockSeconds: 2 },
  { name: "base_sepolia", displayName: "Base Sepolia", chainId: 84532, testnet: true, nativeCurrency: "ETH", explorerUrl: "https://sepolia.basescan.org", blockSeconds: 2 },
  { name: "arbitrum", displayName: "Arbitrum One", chainId: 42161, testnet: false, nativeCurrency: "ETH", explorerUrl: "https://arbiscan.io", blockSeconds: 0.25 },
  { name: "arbitrum_sepolia", displayName: "Arbitrum Sepolia", chainId: 421614, testnet: true, nativeCurrency: "ETH", explorerUrl: "https://sepolia.arbiscan.io", blockSeconds: 0.25 },
  { name: "optimism", displayName: "OP Mainnet", chainId: 10, testnet: false, nativeCurrency: "ETH", explorerUrl: "https://optimistic.etherscan.io", blockSeconds: 2 },
  { name: "optimism_sepolia", displayName: "OP Sepolia", chainId: 11155420, testnet: true, nativeCurrency: "ETH", explorerUrl: "https://sepolia-optimism.etherscan.io", blockSeconds: 2 },
  { name: "avalanche", displayName: "Avalanche C-Chain", chainId: 43114, testnet: false, nativeCurrency: "AVAX", explorerUrl: "https://snowtrace.io", blockSeconds: 2 },
  { name: "avalanche_fuji", displayName: "Avalanche Fuji", chainId: 43113, testnet: true, nativeCurrency: "AVAX", explorerUrl: "https://testnet.snowtrace.io", blockSeconds: 2 },
  { name: "bsc", displayName: "BNB Smart Chain", chainId: 56, testnet: false, nativeCurrency: "BNB", explorerUrl: "https://bscscan.com", blockSeconds: 0.75 },
  { name: "bsc_testnet", displayName: "BNB Smart Chain Testnet", chainId: 97, testnet: true, nativeCurrency: "BNB", explorerUrl: "https://testnet.bscscan.com", blockSeconds: 0.75 },
  { name: "localhost", displayName: "Local chain", chainId: 31337, testnet: true, nativeCurrency: "ETH", explorerUrl: null, blockSeconds: null },
];

export const NETWORK_NAMES = networks.map((n) => n.name) as [string, ...string[]];

const envName = (name: string) => `RPC_URL_${name.toUpperCase()}`;

/** The RPC URL configured for the network, or null when the local chain serves it. */
export const configuredRpcUrl = (network: Network) => process.env[envName(network.name)] || null;

/** RPC_URL_<NAME> may list several URLs, comma-separated: viem's fallback transport ranks them (./clients). */
export const rpcUrlList = (configured: string) => configured.split(",").map((url) => url.trim()).filter(Boolean);

/** Whether the local chain may stand in for a test network without RPC_URL_<NAME>. */
export const localChainAllowed = (env: NodeJS.ProcessEnv = process.env) =>
  Boolean(env.LOCAL_CHAIN_RPC_URL) && (env.NODE_ENV !== "production" || env.ALLOW_LOCAL_CHAIN === "1");

/** Where the network's RPC comes from here: its own URL, the local chain, or nowhere. */
export function rpcSource(network: Network): "configured" | "local" | null {
  if (configuredRpcUrl(network)) return "configured";
  return network.testnet && localChainAllowed() ? "local" : null;
}

export const listNetworks = () => networks;
export const findNetwork = (name: string) => networks.find((n) => n.name === name);
/** The network of a chain id, given as a number or as the spec's decimal string. */
export const networkByChainId = (chainId: string | number): Network | undefined => networks.find((n) => String(n.chainId) === String(chainId));

/** A URL shown without its path or credentials (an RPC key may sit in either). */
export function urlOrigin(url: string) {
  try {
    return new URL(url).origin;
  } catch {
    return "configured";
  }
}

export function serializeNetwork(n: Network) {
  const rpc = configuredRpcUrl(n);
  return {
    object: "network" as const,
    name: n.name,
    display_name: n.displayName,
    chain_id: n.chainId,
    testnet: n.testnet,
    native_currency: n.nativeCurrency,
    explorer_url: rpc ? n.explorerUrl : null,
    // Only the origin: provider URLs often carry an access key in the path or query.
    rpc: rpc ? rpcUrlList(rpc).map(urlOrigin).join(",") : rpcSource(n) ? "local" : null,
    available: rpcSource(n) !== null,
  };
}

/** Test keys work on testnets only and live keys on mainnets only; unknown names are refused. */
export function networkFor(name: string, livemode: boolean, param = "network"): Network {
  const network = findNetwork(name);
  if (!network) {
    throw new ApiError(400, "invalid_request_error", "network_unknown", `Unknown network '${name}'. See GET /v1/networks.`, param);
  }
  if (network.testnet === livemode) {
    throw new ApiError(
      400,
      "invalid_request_error",
      livemode ? "network_testnet_with_live_key" : "network_mainnet_with_test_key",
      livemode
        ? `'${name}' is a test network: use a test-mode API key (sk_test_…) for it.`
        : `'${name}' is a mainnet: use a live-mode API key (sk_live_…) for it.`,
      param,
    );
  }
  assertAvailable(network, param);
  return network;
}

/** A 400 before anything is recorded when no RPC serves the network here. */
export function assertAvailable(network: Network, param = "network") {
  if (rpcSource(network)) return;
  throw new ApiError(
    400,
    "invalid_request_error",
    "network_unavailable",
    `'${network.name}' is not available on this deployment: it needs RPC_URL_${network.name.toUpperCase()}${network.testnet ? " (the local chain serves test networks only in development)" : ""}.`,
    param,
  );
}
