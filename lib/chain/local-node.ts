// The embedded local chain: Hardhat 3 (EDR) with a fixed mnemonic and genesis date, so every start
// has the same accounts and the same genesis block. `startLocalChain` serves JSON-RPC over HTTP and
// WebSocket (used by `npm run dev`, alto and HTTP tests); `inProcessChain` hands back the EDR provider
// itself as a viem transport (~10× faster per call, for unit tests). Both pre-install the canonical
// Permit2 and the CREATE2 deployer at their well-known addresses, as on public networks.
import { pbkdf2Sync } from "node:crypto";
import { createServer } from "node:net";
import {
  bytesToHex,
  custom,
  defineChain,
  type Address,
  type Chain,
  type CustomTransport,
  type EIP1193RequestFn,
  type Hex,
} from "viem";
import { HDKey, privateKeyToAddress } from "viem/accounts";
import { artifact } from "./artifacts";
import { installConnectBase } from "../connect/local-setup";
import { installTrexBase } from "../trex/base";

export const LOCAL_CHAIN_MNEMONIC = "test test test test test test test test test test test junk";
export const LOCAL_CHAIN_ID = 31337;
export const LOCAL_CHAIN_INITIAL_DATE = "2025-01-01T00:00:00Z";
export const LOCAL_ACCOUNT_COUNT = 20;
export const LOCAL_ACCOUNT_BALANCE = 10_000n * 10n ** 18n;
/** The local account that is the platform signer (owner of the platform's base contracts, lib/chain/platform.ts). */
export const LOCAL_PLATFORM_ACCOUNT_INDEX = 19;

export const PERMIT2_ADDRESS: Address = "0x000000000022D473030F116dDEE9F6B43aC78BA3";
export const CREATE2_DEPLOYER_ADDRESS: Address = "0x4e59b44847b379578588920ca78fbf26c0b4956c";
// Runtime of Arachnid's deterministic-deployment-proxy: calldata = salt (32 bytes) ++ init code,
// returns the 20-byte address of the contract it CREATE2-deployed.
export const CREATE2_DEPLOYER_RUNTIME: Hex =
  "0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3";

export interface LocalAccount {
  address: Address;
  privateKey: Hex;
}

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

let derivedAccounts: LocalAccount[] | undefined;

/** The funded accounts of the local chain: BIP-44 m/44'/60'/0'/0/i of the fixed mnemonic. */
export function localAccounts(): LocalAccount[] {
  if (!derivedAccounts) {
    // BIP-39 seed via native PBKDF2: viem's mnemonicToAccount re-derives it per account (~35 ms each).
    const seed = pbkdf2Sync(LOCAL_CHAIN_MNEMONIC.normalize("NFKD"), "mnemonic", 2048, 64, "sha512");
    const master = HDKey.fromMasterSeed(seed);
    derivedAccounts = Array.from({ length: LOCAL_ACCOUNT_COUNT }, (_, index) => {
      const key = master.derive(`m/44'/60'/0'/0/${index}`).privateKey;
      if (!key) throw new Error("HD derivation produced no private key");
      const privateKey = bytesToHex(key);
      return { address: privateKeyToAddress(privateKey), privateKey };
    });
  }
  return derivedAccounts;
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

type RawRequest = (method: string, params: unknown[]) => Promise<unknown>;

async function installPredeploys(request: RawRequest): Promise<void> {
  // The compiler leaves Permit2's immutables (cached chain id and domain separator) zero, so Permit2
  // recomputes its EIP-712 domain for this address and chain on every call: signatures verify.
  await request("hardhat_setCode", [PERMIT2_ADDRESS, artifact("Permit2").deployedBytecode]);
  await request("hardhat_setCode", [CREATE2_DEPLOYER_ADDRESS, CREATE2_DEPLOYER_RUNTIME]);
  await installConnectBase(request);
  await installTrexBase(request);
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
