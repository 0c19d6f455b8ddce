// The embedded local chain: Hardhat 3 (EDR) with a fixed mnemonic and genesis date, so every start
// has the same accounts and the same genesis block. `startLocalChain` serves JSON-RPC over HTTP and
// WebSocket (used by `npm run dev`, alto and HTTP tests); `inProcessChain` hands back the EDR provider
// itself as a viem transport (~10× faster per call, for unit tests). Both pre-install the canonical
// Permit2 and the CREATE2 deployer at their well-known addresses, as on public networks.
import { createServer } from "node:net";
import {
  custom,
  defineChain,
  type Chain,
  type CustomTransport,
  type EIP1193RequestFn,
} from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { registeredBaseContracts, type RawRequest } from "@/lib/chain/registry/base-contracts";
import { LOCAL_ACCOUNT_BALANCE, LOCAL_CHAIN_ID, LOCAL_CHAIN_INITIAL_DATE, localAccounts, type LocalAccount } from "@/lib/chain/local/accounts";
import { CREATE2_DEPLOYER_ADDRESS, CREATE2_DEPLOYER_RUNTIME, PERMIT2_ADDRESS } from "@/lib/chain/network/predeploys";


export interface LocalChainOptions {
  /** 0 picks a free port. */
  port?: number;
  hostname?: string;
  chainId?: number;
}

export interface LocalChain {
  rpcUrl: string;
  chainId: number;
  chain: Chain;
  accounts: LocalAccount[];
  stop(): Promise<void>;
}

export interface InProcessChain {
  transport: CustomTransport;
  /** The raw EIP-1193 provider, for test-only methods such as evm_increaseTime. */
  request: EIP1193RequestFn;
  chainId: number;
  chain: Chain;
  accounts: LocalAccount[];
  stop(): Promise<void>;
}

export function localChainDefinition(chainId: number = LOCAL_CHAIN_ID, rpcUrl = "http://127.0.0.1:8545"): Chain {
  return defineChain({
    id: chainId,
    name: "Local chain",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  });
}

function edrNetworkConfig(chainId: number) {
  return {
    type: "edr-simulated" as const,
    chainId,
    accounts: localAccounts().map((account) => ({
      privateKey: account.privateKey,
      balance: LOCAL_ACCOUNT_BALANCE.toString(),
    })),
    initialDate: LOCAL_CHAIN_INITIAL_DATE,
    // Kernel smart accounts exceed the 24 KB EIP-170 limit.
    allowUnlimitedContractSize: true,
    mining: { auto: true, interval: 0 },
  };
}

async function createRuntime(chainId: number) {
  // Loaded lazily so importing this module for its constants does not load Hardhat.
  const { createHardhatRuntimeEnvironment } = await import("hardhat/hre");
  return createHardhatRuntimeEnvironment({ networks: { local: edrNetworkConfig(chainId) } });
}

async function installPredeploys(request: RawRequest): Promise<void> {
  // The compiler leaves Permit2's immutables (cached chain id and domain separator) zero, so Permit2
  // recomputes its EIP-712 domain for this address and chain on every call: signatures verify.
  await request("hardhat_setCode", [PERMIT2_ADDRESS, artifact("Permit2").deployedBytecode]);
  await request("hardhat_setCode", [CREATE2_DEPLOYER_ADDRESS, CREATE2_DEPLOYER_RUNTIME]);
  // The platform's base contracts, as the domains registered them (lib/composition).
  for (const base of registeredBaseContracts()) await base.install(request);
}

async function assertPortFree(hostname: string, port: number): Promise<void> {
  // Hardhat's server does not report listen errors, so find a busy port before handing it over.
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new Error(`cannot start the local chain: ${hostname}:${port} is already in use`)
          : error,
      ),
    );
    probe.listen(port, hostname, () => probe.close(() => resolve()));
  });
}

/** Starts the HTTP + WebSocket JSON-RPC node on `hostname:port` (default 127.0.0.1:8545). */
export async function startLocalChain(options: LocalChainOptions = {}): Promise<LocalChain> {
  const { port = 8545, hostname = "127.0.0.1", chainId = LOCAL_CHAIN_ID } = options;
  if (port !== 0) await assertPortFree(hostname, port);
  const hre = await createRuntime(chainId);
  const server = await hre.network.createServer({ network: "local" }, hostname, port);
  const address = await server.listen();
  const rpcUrl = `http://${address.address}:${address.port}`;

  let nextId = 1;
  const request: RawRequest = async (method, params) => {
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(`${method} failed: ${body.error.message}`);
    return body.result;
  };
  try {
    await installPredeploys(request);
  } catch (error) {
    await server.close();
    throw error;
  }

  return {
    rpcUrl,
    chainId,
    chain: localChainDefinition(chainId, rpcUrl),
    accounts: localAccounts(),
    stop: () => server.close(),
  };
}

/** The same chain without a server: EDR in this process, wrapped as a viem `custom` transport. */
export async function inProcessChain(options: { chainId?: number } = {}): Promise<InProcessChain> {
  const { chainId = LOCAL_CHAIN_ID } = options;
  const hre = await createRuntime(chainId);
  const connection = await hre.network.create({ network: "local" });
  const { provider } = connection;
  const request = ((args: { method: string; params?: unknown }) =>
    provider.request(args as Parameters<typeof provider.request>[0])) as EIP1193RequestFn;
  await installPredeploys((method, params) => provider.request({ method, params }));
  return {
    // Failures here are deterministic, so retrying a request can only repeat it.
    transport: custom({ request }, { retryCount: 0 }),
    request,
    chainId,
    chain: localChainDefinition(chainId),
    accounts: localAccounts(),
    stop: () => connection.close(),
  };
}
