// Connect's view of a network: found by chain id (the spec's `chain_id`, a string), with the ERC-4337
// base (EntryPoint, Kernel factory, validators) and the RPC and bundler that serve it here.
import { invalidRequest } from "@/lib/core/errors";
import { chainTarget } from "@/lib/chain/network/clients";
import { configuredRpcUrl, networkByChainId, networkFor, rpcSource, urlOrigin, type Network } from "@/lib/chain/network/networks";
import type { Scope } from "@/lib/core/scope";
import { bundlerUrlOrNull } from "@/lib/connect/user-ops/bundler";
import { connectBase, type ConnectBase } from "@/lib/connect/local/setup";
import { newId } from "@/lib/core/ids";

/** Ids of Connect records: `ca_…` accounts, `rop_…` relay operations. */
export const connectId = (prefix: "ca" | "rop") => newId(prefix as Parameters<typeof newId>[0]);

/** The network of `chain_id` for this key's mode (test keys: test networks), served here; else 400. */
export function connectNetwork(scope: Scope, chainId: string, param = "chain_id"): Network {
  const network = networkByChainId(chainId);
  if (!network) throw invalidRequest("network_unknown", `Unknown chain_id '${chainId}'. See GET /v1/networks.`, param);
  return networkFor(network.name, scope.livemode, param);
}

/** The ERC-4337 base with a Kernel factory, or 400 when this deployment has none. */
export function requireKernel(): ConnectBase & { kernelFactory: `0x${string}`; kernelImplementation: `0x${string}` } {
  const base = connectBase();
  if (!base.kernelFactory || !base.kernelImplementation) {
    throw invalidRequest(
      "connect_unavailable",
      "Smart accounts are unavailable on this deployment: the Kernel bytecode is missing (run `node scripts/fetch-sources.mjs`).",
      "chain_id",
    );
  }
  return base as never;
}

export function describeNetwork(chainId: string) {
  const network = networkByChainId(chainId);
  if (!network) return null;
  const base = connectBase();
  const source = rpcSource(network);
  const target = source ? chainTarget(network.name) : null;
  const configured = configuredRpcUrl(network);
  const bundler = source ? bundlerUrlOrNull(network.name) : null;
  const bundlerConfigured = process.env[`BUNDLER_URL_${network.name.toUpperCase()}`];
  return {
    object: "connect_network" as const,
    chain_id: chainId,
    network: network.name,
    rpc_chain_id: target?.chain.id ?? network.chainId,
    entry_point: base.entryPoint,
    factory_address: base.kernelFactory,
    account_implementation: base.kernelImplementation,
    validators: { ecdsa: base.ecdsaValidator, passkey: base.passkeyValidator },
    rpc_url: !target ? null : configured ? urlOrigin(target.rpcUrls[0]) : target.rpcUrl,
    bundler_url: !bundler ? null : bundlerConfigured ? urlOrigin(bundlerConfigured) : bundler,
    available: Boolean(target && bundler),
  };
}
