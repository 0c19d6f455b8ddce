// The tenant wallet's native balance on the networks of the console's environment, one figure per RPC:
// networks served by the same node (the embedded local chain) share one balance.
import { formatEther } from "viem";
import { listNetworks } from "@/lib/chain/network/networks";
import { chainTarget } from "@/lib/chain/network/clients";
import { balanceOn } from "@/lib/wallets/runway";

export interface WalletBalance {
  networks: string[];
  currency: string;
  local: boolean;
  /** In ether units (18 decimals), or null when the node did not answer. */
  balance: string | null;
}

export async function walletBalances(address: string, livemode: boolean): Promise<WalletBalance[]> {
  const groups = new Map<string, { networks: string[]; currency: string; local: boolean; first: string }>();
  for (const network of listNetworks().filter((n) => n.testnet !== livemode)) {
    let target: ReturnType<typeof chainTarget>;
    try {
      target = chainTarget(network.name);
    } catch {
      continue; // no RPC for it here (no local chain and no RPC_URL_<NETWORK>)
    }
    const group = groups.get(target.rpcUrl) ?? { networks: [], currency: network.nativeCurrency, local: target.isLocal, first: network.name };
    group.networks.push(network.displayName);
    groups.set(target.rpcUrl, group);
  }
  return Promise.all(
    [...groups.values()].map(async (g) => {
      const wei = await balanceOn(g.first, address);
      const balance = wei === null ? null : formatEther(wei);
      return { networks: g.networks, currency: g.local ? "ETH" : g.currency, local: g.local, balance };
    }),
  );
}
