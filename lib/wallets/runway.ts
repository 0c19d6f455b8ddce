// Wallet runway (GET /v1/wallets, the console's home): the tenant's sending wallet's native balance on each
// network of its mode, and how many days it lasts at the last 24 h's spend: gas used × effective price of
// its signatures mined in that window (lib/chain's transaction_attempts). Networks served by one node (the
// embedded local chain) share one balance and one spend.
import type { Address } from "viem";
import { db, hotQuery } from "@/lib/db";
import { listNetworks, type Network } from "@/lib/chain/network/networks";
import { chainTarget, publicClient } from "@/lib/chain/network/clients";
import { serializeWallet, tenantWallet } from "@/lib/chain/eoa/wallets";
import type { Scope } from "@/lib/core/scope";

const BALANCE_TIMEOUT_MS = 2_000;
export const DEFAULT_RUNWAY_DAYS = 3;

/** Wei spent on gas per chain key by the wallet's signatures mined in the last 24 h (the spend of tenants' own wallets). */
export const SPEND_24H_SQL = `SELECT t.tenant_id, t.livemode, t.from_address, t.chain_key, min(t.network) AS network,
    sum(a.gas_used::numeric * a.effective_gas_price::numeric)::text AS spend
  FROM transaction_attempts a JOIN transactions t ON t.id = a.transaction_id
  WHERE a.mined_at > (now() AT TIME ZONE 'UTC') - interval '24 hours' AND a.effective_gas_price IS NOT NULL AND a.gas_used IS NOT NULL`;

/** Days `balance` lasts at `spend` wei a day, to 0.01 day; null without spend. */
export function runwayDays(balance: bigint | null, spend: bigint): number | null {
  if (balance === null || spend <= 0n) return null;
  return Number((balance * 100n) / spend) / 100;
}

/** The wallet's balance on the chain that serves `network`, or null when its node does not answer in time. */
export async function balanceOn(network: string, address: string): Promise<bigint | null> {
  try {
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), BALANCE_TIMEOUT_MS).unref());
    return await Promise.race([publicClient(network).getBalance({ address: address as Address }), timeout]);
  } catch {
    return null;
  }
}

/** The tenant's threshold (days); null: the alert is off. */
export async function runwayThreshold(scope: Scope): Promise<number | null> {
  const row = await db.walletAlertSettings.findUnique({ where: { tenantId_livemode: { tenantId: scope.tenantId, livemode: scope.livemode } } });
  return row ? row.lowBalanceRunwayDays : DEFAULT_RUNWAY_DAYS;
}

const servedNetworks = (livemode: boolean) =>
  listNetworks()
    .filter((n) => n.testnet !== livemode)
    .flatMap((network) => {
      try {
        return [{ network, chainKey: chainTarget(network.name).chainKey }];
      } catch {
        return []; // no RPC for it here (no local chain and no RPC_URL_<NETWORK>)
      }
    });

export interface NetworkRunway {
  network: string;
  display_name: string;
  currency: string;
  balance: string | null;
  spend_24h: string;
  runway_days: number | null;
  low_balance: boolean;
}

function runwayOf(network: Network, balance: bigint | null, spend: bigint, threshold: number | null): NetworkRunway {
  const days = runwayDays(balance, spend);
  return {
    network: network.name, display_name: network.displayName, currency: network.nativeCurrency, balance: balance?.toString() ?? null,
    spend_24h: spend.toString(), runway_days: days, low_balance: days !== null && threshold !== null && days < threshold,
  };
}

/** The tenant's sending wallet in this mode, with its balance and runway on each network it can send on. */
export async function walletRunways(scope: Scope) {
  const wallet = await tenantWallet(scope.tenantId, scope.livemode);
  const [threshold, spent] = await Promise.all([
    runwayThreshold(scope),
    hotQuery("wallet_spend_24h", `${SPEND_24H_SQL} AND t.tenant_id = $1 AND t.livemode = $2 AND t.from_address = $3 GROUP BY 1, 2, 3, 4`, [
      scope.tenantId, scope.livemode, wallet.address,
    ]),
  ]);
  const spendByChain = new Map(spent.rows.map((r) => [r.chain_key as string, BigInt(r.spend as string)]));
  const served = servedNetworks(scope.livemode);
  const balances = new Map<string, Promise<bigint | null>>(); // one read per chain
  for (const { network, chainKey } of served) if (!balances.has(chainKey)) balances.set(chainKey, balanceOn(network.name, wallet.address));
  const networks = await Promise.all(
    served.map(async ({ network, chainKey }) => runwayOf(network, await balances.get(chainKey)!, spendByChain.get(chainKey) ?? 0n, threshold)),
  );
  return { ...serializeWallet(wallet), low_balance_runway_days: threshold, networks };
}

/** GET /v1/wallets: the tenant's sending wallets (its custodial wallet in this mode) with their runway. */
export async function listWallets(scope: Scope) {
  return { object: "list" as const, data: [await walletRunways(scope)], has_more: false };
}
