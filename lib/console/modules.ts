// What the console's module pages (vaults, vesting) read besides their own records: the tenant's ERC-20
// tokens to choose from, and each network's clock (a local chain's runs behind the wall clock).
import { getAddress } from "viem";
import { listTokens } from "@/lib/tokens/service";
import { findToken } from "@/lib/tokens/lookup";
import { readErc20 } from "@/lib/tokens/erc20-ref";
import { publicClient } from "@/lib/chain/network/clients";
import type { Scope } from "@/lib/core/scope";
import { networkLabel } from "./explorer";

const CHOOSABLE = 100;
const CLOCK_TIMEOUT_MS = 2_000;

export interface Erc20Choice {
  id: string;
  name: string;
  symbol: string;
  decimals: number;
  /** Its network's name (the API's). */
  network: string;
  networkLabel: string;
  /** Deployed with votes (ERC20Votes: a Governor can count it). */
  votes: boolean;
  address: string | null;
}

/** The tenant's deployed ERC-20 tokens (the ones a vault or a schedule can hold), newest first. */
export async function erc20Choices(scope: Scope): Promise<Erc20Choice[]> {
  const page = await listTokens(scope, { limit: CHOOSABLE, status: "deployed" });
  return page.data
    .filter((t) => t.standard === "ERC20" || t.standard === "ERC20_ALT")
    .map((t) => ({ id: t.id, name: t.name, symbol: t.symbol, decimals: t.decimals, network: t.network, networkLabel: networkLabel(t.network).name, votes: t.features.votes, address: t.address }));
}

/** The latest block's time (unix seconds) on each network, or null where its node does not answer in 2 s. */
export async function chainClocks(networks: string[]): Promise<Record<string, number | null>> {
  const read = async (network: string) => {
    try {
      const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), CLOCK_TIMEOUT_MS).unref());
      const block = await Promise.race([publicClient(network).getBlock(), timeout]);
      return block ? Number(block.timestamp) : null;
    } catch {
      return null;
    }
  };
  const unique = [...new Set(networks)];
  const times = await Promise.all(unique.map(read));
  return Object.fromEntries(unique.map((n, i) => [n, times[i]]));
}

/** How amounts of a module's ERC-20 read: the tenant's token's decimals and symbol, or what another ERC-20 says on chain. */
export async function erc20Display(scope: Scope, ref: { token: string | null; token_address: string; network: string }): Promise<{ decimals: number; symbol: string } | null> {
  if (ref.token) return findToken(scope, ref.token).then((t) => ({ decimals: t.decimals, symbol: t.symbol }), () => null);
  const address = getAddress(ref.token_address);
  const [decimals, symbol] = await Promise.all([
    readErc20<number | null>(ref.network, address, "decimals", [], () => null).catch(() => null),
    readErc20<string | null>(ref.network, address, "symbol", [], () => null).catch(() => null),
  ]);
  return decimals === null ? null : { decimals: Number(decimals), symbol: symbol || "tokens" };
}

/** The tenant's deployed regulated (ERC3643) tokens: the ones investors are registered for and modules are added to. */
export async function regulatedChoices(scope: Scope): Promise<{ id: string; symbol: string; decimals: number; label: string }[]> {
  const page = await listTokens(scope, { limit: CHOOSABLE, status: "deployed" });
  return page.data
    .filter((t) => t.standard === "ERC3643")
    .map((t) => ({ id: t.id, symbol: t.symbol, decimals: t.decimals, label: `${t.symbol} — ${t.name} (${networkLabel(t.network).name})` }));
}
