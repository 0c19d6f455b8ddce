// Networks as the console names them: "Polygon Amoy", not `polygon_amoy`.
import { findNetwork } from "@/lib/chain/network/networks";

/** The network's display name; an id this deployment does not know stays as it is (none: empty). */
export const networkName = (network: string | null | undefined): string => (network ? (findNetwork(network)?.displayName ?? network) : "");
