// Nonce allocation per signer and chain, safe across app instances: the counter row is locked by the
// UPDATE, and the allocation commits together with the signed transaction that uses it.
import type { Prisma } from "@/lib/db";
import type { PublicClient, Address } from "viem";

/** Seeds the counter from the chain the first time a signer is used on it (no-op afterwards). */
// Counters known to exist (they are never deleted while this process runs).
const seeded = new Set<string>();

export async function seedNonce(db: Prisma.TransactionClient, client: PublicClient, address: Address, chainKey: string) {
  if (seeded.has(`${address}:${chainKey}`)) return;
  const existing = await db.walletNonce.findUnique({ where: { address_chainKey: { address, chainKey } } });
  if (existing) return void seeded.add(`${address}:${chainKey}`);
  const onChain = await client.getTransactionCount({ address, blockTag: "pending" });
  await db.$executeRaw`INSERT INTO wallet_nonces (address, chain_key, next_nonce) VALUES (${address}, ${chainKey}, ${onChain}) ON CONFLICT DO NOTHING`;
  seeded.add(`${address}:${chainKey}`);
}

/** Takes the next nonce; call inside the transaction that stores the signed transaction. */
export async function takeNonce(db: Prisma.TransactionClient, address: Address, chainKey: string): Promise<number> {
  const rows = await db.$queryRaw<{ nonce: number }[]>`
    UPDATE wallet_nonces SET next_nonce = next_nonce + 1, updated_at = now()
    WHERE address = ${address} AND chain_key = ${chainKey} RETURNING next_nonce - 1 AS nonce`;
  if (!rows.length) throw new Error(`nonce counter for ${address} on ${chainKey} is not seeded`);
  return rows[0].nonce;
}

/** After "nonce too low" from the node: move the counter up to what the chain has seen. */
export async function resyncNonce(db: Prisma.TransactionClient, client: PublicClient, address: Address, chainKey: string) {
  const onChain = await client.getTransactionCount({ address, blockTag: "pending" });
  await db.$executeRaw`UPDATE wallet_nonces SET next_nonce = GREATEST(next_nonce, ${onChain}), updated_at = now() WHERE address = ${address} AND chain_key = ${chainKey}`;
}
