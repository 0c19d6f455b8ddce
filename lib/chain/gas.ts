// Fees, fee caps and the wallet's gas balance, read from the chain sparingly: one fee estimate per chain
// per second, one balance read per wallet every few seconds (debited locally in between).
import { parseEther, parseGwei, type Address } from "viem";
import { publicClient, type ChainTarget } from "./clients";

export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

const LOCAL_TOP_UP = parseEther("1000");

/** The most a replacement may pay per gas on this network: MAX_FEE_PER_GAS_GWEI_<NETWORK>, else 500 gwei. */
function feeCapFor(target: ChainTarget): bigint {
  return parseGwei(process.env[`MAX_FEE_PER_GAS_GWEI_${target.network.name.toUpperCase()}`] ?? "500");
}

const feeCache = new Map<string, { at: number; fees: Promise<Fees> }>();

export function feesFor(target: ChainTarget): Promise<Fees> {
  const cached = feeCache.get(target.chainKey);
  if (cached && Date.now() - cached.at < 1_000) return cached.fees;
  const fees = publicClient(target.network.name).estimateFeesPerGas();
  feeCache.set(target.chainKey, { at: Date.now(), fees });
  fees.catch(() => feeCache.delete(target.chainKey));
  return fees;
}

/** Fees raised by 25% (nodes want at least +10% to replace), clamped to the network's cap; null once at the cap. */
export function bumped(target: ChainTarget, fees: Fees): Fees | null {
  const cap = feeCapFor(target);
  if (fees.maxFeePerGas >= cap) return null;
  const maxFeePerGas = (fees.maxFeePerGas * 125n) / 100n;
  const maxPriorityFeePerGas = (fees.maxPriorityFeePerGas * 125n) / 100n;
  return {
    maxFeePerGas: maxFeePerGas > cap ? cap : maxFeePerGas,
    maxPriorityFeePerGas: maxPriorityFeePerGas > cap ? cap : maxPriorityFeePerGas,
  };
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
