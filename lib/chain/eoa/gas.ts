// Fees, fee caps and the wallet's gas balance, read from the chain sparingly: one fee estimate per chain
// per second, one balance read per wallet every few seconds (debited locally in between).
//
// The replacement schedule (README, "Running on real networks"): a signature not mined after
// FEE_BUMP_BLOCKS_<NETWORK> new blocks (default 3) is replaced, same nonce, paying the larger of
// +FEE_BUMP_PERCENT_<NETWORK>% (default 12.5; nodes take a replacement from +10%) and what the network asks
// now, never above MAX_FEE_PER_GAS_GWEI_<NETWORK> (default 500). When the network asks more than that cap,
// the wallet's new sends wait unsigned (deferred) instead of going out underpriced.
import { parseEther, parseGwei, type Address } from "viem";
import { publicClient, type ChainTarget } from "@/lib/chain/network/clients";

export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** The network's fees now: what to offer, and the least a transaction must pay to be mined in the next block. */
export interface NetworkFees extends Fees {
  /** The latest block's base fee plus the priority fee. */
  needed: bigint;
}

const LOCAL_TOP_UP = parseEther("1000");

/** `<NAME>_<NETWORK>`, else `<NAME>`, else undefined. */
function networkSetting(name: string, target: ChainTarget): string | undefined {
  const value = process.env[`${name}_${target.network.name.toUpperCase()}`] ?? process.env[name];
  return value === undefined || value === "" ? undefined : value;
}

/** The most a transaction of ours may pay per gas on this network: MAX_FEE_PER_GAS_GWEI_<NETWORK>, else 500 gwei. */
export function feeCapFor(target: ChainTarget): bigint {
  return parseGwei(networkSetting("MAX_FEE_PER_GAS_GWEI", target) ?? "500");
}

/** Blocks a signature may go unmined before it is replaced: FEE_BUMP_BLOCKS_<NETWORK> (0: at every pass), else 3. */
export function bumpAfterBlocks(target: ChainTarget): bigint {
  const configured = networkSetting("FEE_BUMP_BLOCKS", target) ?? "3";
  if (!/^\d+$/.test(configured)) throw new Error(`FEE_BUMP_BLOCKS_${target.network.name.toUpperCase()} must be a whole number of blocks, not '${configured}'`);
  return BigInt(configured);
}

/** The replacement's raise, in tenths of a percent: FEE_BUMP_PERCENT_<NETWORK> (at least 10), else 12.5. */
function bumpPermille(target: ChainTarget): bigint {
  const configured = networkSetting("FEE_BUMP_PERCENT", target) ?? "12.5";
  const percent = Number(configured);
  if (!Number.isFinite(percent) || percent < 10) throw new Error(`FEE_BUMP_PERCENT_${target.network.name.toUpperCase()} must be a number of at least 10 (nodes refuse smaller replacements), not '${configured}'`);
  return BigInt(Math.round(percent * 10));
}

const raise = (value: bigint, permille: bigint) => (value * (1000n + permille) + 999n) / 1000n;
const max = (a: bigint, b: bigint) => (a > b ? a : b);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

const feeCache = new Map<string, { at: number; fees: Promise<NetworkFees> }>();

async function readFees(target: ChainTarget): Promise<NetworkFees> {
  const client = publicClient(target.network.name);
  const [block, maxPriorityFeePerGas] = await Promise.all([client.getBlock({ blockTag: "latest" }), client.estimateMaxPriorityFeePerGas()]);
  const baseFee = block.baseFeePerGas ?? 0n;
  // viem's own estimate: 20% over the latest base fee, plus the priority fee.
  return { maxFeePerGas: (baseFee * 12n) / 10n + maxPriorityFeePerGas, maxPriorityFeePerGas, needed: baseFee + maxPriorityFeePerGas };
}

export function feesFor(target: ChainTarget): Promise<NetworkFees> {
  const cached = feeCache.get(target.chainKey);
  if (cached && Date.now() - cached.at < 1_000) return cached.fees;
  const fees = readFees(target);
  feeCache.set(target.chainKey, { at: Date.now(), fees });
  fees.catch(() => feeCache.delete(target.chainKey));
  return fees;
}

/**
 * The fees to sign new sends with: the network's, at most the cap; null (defer them) when the cap cannot
 * pay what the network asks now, so nothing goes out underpriced.
 */
export function cappedFees(target: ChainTarget, network: NetworkFees): Fees | null {
  const cap = feeCapFor(target);
  if (network.needed > cap) return null;
  return { maxFeePerGas: min(network.maxFeePerGas, cap), maxPriorityFeePerGas: min(network.maxPriorityFeePerGas, cap) };
}

/**
 * The replacement of a signature: the larger of +FEE_BUMP_PERCENT and the network's fees now, clamped to the
 * cap; null once the cap leaves no room for a raise a node would take (+10%).
 */
export function bumped(target: ChainTarget, fees: Fees, network: Fees): Fees | null {
  const cap = feeCapFor(target);
  const permille = bumpPermille(target);
  const maxFeePerGas = min(max(raise(fees.maxFeePerGas, permille), network.maxFeePerGas), cap);
  const maxPriorityFeePerGas = min(max(raise(fees.maxPriorityFeePerGas, permille), network.maxPriorityFeePerGas), maxFeePerGas);
  if (maxFeePerGas < raise(fees.maxFeePerGas, 100n) || maxPriorityFeePerGas < raise(fees.maxPriorityFeePerGas, 100n)) return null;
  return { maxFeePerGas, maxPriorityFeePerGas };
}

/** A cancel's no-op (allowed above the cap): above the signature it replaces by the bump, and at least the network's fees. */
export function cancelFees(target: ChainTarget, fees: Fees, network: Fees): Fees {
  const permille = bumpPermille(target);
  const maxFeePerGas = max(raise(fees.maxFeePerGas, permille), network.maxFeePerGas);
  return { maxFeePerGas, maxPriorityFeePerGas: min(max(raise(fees.maxPriorityFeePerGas, permille), network.maxPriorityFeePerGas), maxFeePerGas) };
}

const balances = new Map<string, { at: number; balance: bigint }>();

/**
 * Whether the wallet can pay `spend` (gas and value of a batch). On the local chain the platform funder
 * tops it up at once; elsewhere the tenant funds it. Returns the balance seen when it cannot pay.
 */
export async function ensureGas(target: ChainTarget, address: Address, spend: bigint): Promise<{ ok: true } | { ok: false; balance: bigint }> {
  const key = `${target.chainKey}:${address}`;
  const cached = balances.get(key);
  if (cached && Date.now() - cached.at < 5_000 && cached.balance >= spend * 4n) {
    cached.balance -= spend;
    return { ok: true };
  }
  const client = publicClient(target.network.name);
  let balance = await client.getBalance({ address, blockTag: "pending" });
  if (balance < spend * 4n && target.isLocal) {
    balance += LOCAL_TOP_UP + spend * 4n;
    await client.request({ method: "hardhat_setBalance" as never, params: [address, `0x${balance.toString(16)}`] as never });
  }
  balances.set(key, { at: Date.now(), balance: balance - spend });
  return balance >= spend ? { ok: true } : { ok: false, balance };
}
