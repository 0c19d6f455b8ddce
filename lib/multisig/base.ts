// The Safe 1.4.1 contracts a multisig needs (SafeL2 singleton, SafeProxyFactory, CompatibilityFallbackHandler,
// MultiSendCallOnly, and MultiSend for Safe's SDKs), from their audited npm artifacts. Safe deploys them on every chain through its singleton
// factory (0x914d…43d7, the same CREATE2 proxy code as Arachnid's) with salt 0, so their addresses follow from
// the bytecode: the local chain installs them the same way at start and gets the canonical addresses. Other
// networks take them from @safe-global/safe-deployments.
import { getAddress, type Address, type Hex } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { chainTarget } from "@/lib/chain/network/clients";
import { localAccounts } from "@/lib/chain/local/accounts";
import { findNetwork } from "@/lib/chain/network/networks";
import { create2Address, installThroughCreate2, type RawRequest } from "@/lib/chain/registry/base-contracts";
import { invalidRequest } from "@/lib/core/errors";

export const SAFE_VERSION = "1.4.1";
/** Safe's singleton factory (github.com/safe-global/safe-singleton-factory): Arachnid's CREATE2 proxy at its own address. */
export const SAFE_SINGLETON_FACTORY: Address = "0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7";
/** The local account that sends the install transactions (16 installs Connect's base, 17–18 are alto's, 19 the platform's). */
const SAFE_SETUP_ACCOUNT_INDEX = 15;
const SALT: Hex = `0x${"00".repeat(32)}`;

export interface SafeBase {
  singleton: Address;
  proxyFactory: Address;
  fallbackHandler: Address;
  multiSendCallOnly: Address;
  /** Not used by this API (no DELEGATECALL), installed so Safe's SDKs work against the local chain unchanged. */
  multiSend: Address;
}

const CREATIONS = [
  ["singleton", "SafeL2"],
  ["proxyFactory", "SafeProxyFactory"],
  ["fallbackHandler", "CompatibilityFallbackHandler"],
  ["multiSendCallOnly", "MultiSendCallOnly"],
  ["multiSend", "MultiSend"],
] as const;

const create2 = (initCode: Hex) => create2Address(SAFE_SINGLETON_FACTORY, SALT, initCode);

let canonical: SafeBase | undefined;
/** The canonical addresses (computed from the artifacts: 0x29fc…C762, 0x4e1D…ec67, 0xfd07…Ec99, 0x9641…02e2, 0x3886…B526). */
export function canonicalSafeBase(): SafeBase {
  return (canonical ??= Object.fromEntries(CREATIONS.map(([key, name]) => [key, create2(artifact(name).bytecode)])) as unknown as SafeBase);
}

// @safe-global/safe-deployments, loaded on first use of a real network (the local chain never needs it).
const require = process.getBuiltinModule("node:module").createRequire(import.meta.url);
type Lookup = (filter: { version: string; network: string; released?: boolean }) => { networkAddresses: Record<string, string | string[]>; defaultAddress?: string } | undefined;

function deploymentAddress(fn: string, chainId: string): Address | null {
  let lookups: Record<string, Lookup>;
  try {
    lookups = require("@safe-global/safe-deployments");
  } catch {
    return null;
  }
  const found = lookups[fn]?.({ version: SAFE_VERSION, network: chainId })?.networkAddresses[chainId];
  const address = Array.isArray(found) ? found[0] : found;
  return address ? getAddress(address) : null;
}

/** The Safe contracts of `network`: the installed canonical ones on the local chain, else safe-deployments'; 400 where Safe has none. */
export function safeBase(network: string): SafeBase {
  if (chainTarget(network).isLocal) return canonicalSafeBase();
  const chainId = String(findNetwork(network)!.chainId);
  const base = {
    singleton: deploymentAddress("getSafeL2SingletonDeployment", chainId),
    proxyFactory: deploymentAddress("getProxyFactoryDeployment", chainId),
    fallbackHandler: deploymentAddress("getCompatibilityFallbackHandlerDeployment", chainId),
    multiSendCallOnly: deploymentAddress("getMultiSendCallOnlyDeployment", chainId),
    multiSend: deploymentAddress("getMultiSendDeployment", chainId),
  };
  const missing = Object.entries(base).filter(([, a]) => !a).map(([k]) => k);
  if (missing.length) {
    throw invalidRequest("network_unavailable", `Safe ${SAFE_VERSION} has no canonical ${missing.join(", ")} on ${network} (@safe-global/safe-deployments); pass safe_singleton_address and safe_proxy_factory_address.`, "network");
  }
  return base as SafeBase;
}

/** Installs the singleton factory's code and whatever Safe contract is missing; a chain that kept its state sends nothing. */
export async function installSafeBase(request: RawRequest): Promise<void> {
  const creations = CREATIONS.map(([, name]) => ({ name, salt: SALT, initCode: artifact(name).bytecode }));
  const from = localAccounts()[SAFE_SETUP_ACCOUNT_INDEX].address;
  await installThroughCreate2(request, { label: "Safe", deployer: SAFE_SINGLETON_FACTORY, from, gas: 10_000_000n, creations });
}
