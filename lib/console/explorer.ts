// Block-explorer links: only where the network has an explorer and really runs there (a network served
// by the embedded local chain has nothing an explorer could show).
import { findNetwork, serializeNetwork } from "@/lib/chain/networks";

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
