// Confirmations of transactions as the console shows them: blocks on top of the one that included the
// transaction, counted from each network's current head. A node that does not answer leaves them unknown.
import { publicClient } from "@/lib/chain/clients";

const HEAD_TIMEOUT_MS = 2_000;

interface Mined {
  network: string;
  block_number: number | null;
}

async function head(network: string): Promise<bigint | null> {
  try {
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), HEAD_TIMEOUT_MS).unref());
    return await Promise.race([publicClient(network).getBlockNumber({ cacheTime: 0 }), timeout]);
  } catch {
    return null;
  }
}

/** Number of confirmations of a transaction in `block` when the chain's head is `headBlock` (null if unknown). */
export function confirmationsAt(block: number | null, headBlock: bigint | null): number | null {
  if (block === null || headBlock === null) return null;
  const n = headBlock - BigInt(block) + 1n;
  return n > 0n ? Number(n) : 0;
}

/** The transactions with `confirmations`, one head lookup per network. */
export async function withConfirmations<T extends Mined>(transactions: T[]): Promise<(T & { confirmations: number | null })[]> {
  const networks = [...new Set(transactions.filter((t) => t.block_number !== null).map((t) => t.network))];
  const heads = new Map(await Promise.all(networks.map(async (n) => [n, await head(n)] as const)));
  return transactions.map((t) => ({ ...t, confirmations: confirmationsAt(t.block_number, heads.get(t.network) ?? null) }));
}
