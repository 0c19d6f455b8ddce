// Confirmations of transactions as the console shows them: blocks on top of the one that included the
// transaction, counted from each network's current head. A node that does not answer leaves them unknown.
import { chainHead as head, confirmationsAt } from "@/lib/chain/network/read";

interface Mined {
  network: string;
  block_number: number | null;
}

export { confirmationsAt };

/** The transactions with `confirmations`, one head lookup per network. */
export async function withConfirmations<T extends Mined>(transactions: T[]): Promise<(T & { confirmations: number | null })[]> {
  const networks = [...new Set(transactions.filter((t) => t.block_number !== null).map((t) => t.network))];
  const heads = new Map(await Promise.all(networks.map(async (n) => [n, await head(n)] as const)));
  return transactions.map((t) => ({ ...t, confirmations: confirmationsAt(t.block_number, heads.get(t.network) ?? null) }));
}
