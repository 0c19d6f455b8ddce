// Block-explorer links: only where the network has an explorer and really runs there (a network served
// by the embedded local chain has nothing an explorer could show).
import { findNetwork, listNetworks, rpcSource, serializeNetwork } from "@/lib/chain/network/networks";

export function explorerUrl(network: string, kind: "address" | "tx", value: string | null | undefined): string | null {
  const known = findNetwork(network);
  if (!known || !value) return null;
  const base = serializeNetwork(known).explorer_url;
  return base ? `${base}/${kind}/${value}` : null;
}

/** What the console says about where a network runs. */
export function networkLabel(network: string) {
  const known = findNetwork(network);
  if (!known) return { name: network, local: false };
  return { name: known.displayName, local: serializeNetwork(known).rpc === "local" };
}

/** The networks of a mode this deployment can reach (an RPC of its own, or the local chain for test networks), for pickers. */
export function reachableNetworks(livemode: boolean) {
  return listNetworks()
    .filter((n) => n.testnet !== livemode && rpcSource(n) !== null)
    .map((n) => ({ name: n.name, label: `${n.displayName}${networkLabel(n.name).local ? " (local chain)" : ""}` }));
}

/** The network a mode's forms and quickstart start with: Polygon (Amoy in test mode) when reachable, else the first reachable one. */
export function defaultNetwork(livemode: boolean, reachable = reachableNetworks(livemode)): string | null {
  const preferred = livemode ? "polygon" : "polygon_amoy";
  return reachable.some((n) => n.name === preferred) ? preferred : (reachable[0]?.name ?? null);
}
