// Nonce allocation per signer and chain, safe across app instances: the counter row is locked by the
// UPDATE that takes a nonce, and that same statement records the nonce on the transaction.
import type { Prisma } from "@/lib/db";
import { keccak256, type PublicClient, type Address, type Hex } from "viem";
import { hotQuery } from "@/lib/db";

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

// Takes the next nonce and writes it on the record in one statement, so a nonce is never taken without
// being recorded: a run that crashes before storing its signature signs again with the same nonce.
// The record's row is locked first, so a record gets one nonce however many runs race for it.
const reserveSql = `WITH current AS (SELECT nonce FROM transactions WHERE id = $1 FOR UPDATE),
taken AS (
  UPDATE wallet_nonces SET next_nonce = next_nonce + 1, updated_at = now()
  WHERE address = $2 AND chain_key = $3 AND (SELECT nonce FROM current) IS NULL
  RETURNING next_nonce - 1 AS nonce
),
recorded AS (
  UPDATE transactions SET nonce = (SELECT nonce FROM taken), updated_at = now()
  WHERE id = $1 AND EXISTS (SELECT 1 FROM taken) RETURNING nonce
)
SELECT COALESCE((SELECT nonce FROM recorded), (SELECT nonce FROM current)) AS nonce`;

export async function reserveNonce(transactionId: string, address: Address, chainKey: string): Promise<number> {
  const { rows } = await hotQuery("reserve_nonce", reserveSql, [transactionId, address, chainKey]);
  if (rows[0]?.nonce === null || rows[0]?.nonce === undefined) throw new Error(`nonce counter for ${address} on ${chainKey} is not seeded`);
  return rows[0].nonce;
}

const storeSql = `UPDATE transactions
  SET raw_transaction = $3, hash = $4, hashes = array_append(hashes, $4), gas_limit = $5, max_fee_per_gas = $6,
      max_priority_fee_per_gas = $7, updated_at = now()
  WHERE id = $1 AND nonce = $2 AND raw_transaction IS NULL`;

/** Stores the signature for the reserved nonce: false (a no-op) if a racing run stored its own first. */
export async function storeSigned(
  transactionId: string,
  nonce: number,
  raw: Hex,
  fees: { gasLimit: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
) {
  const { rowCount } = await hotQuery("store_signed_transaction", storeSql, [
    transactionId, nonce, raw, keccak256(raw), fees.gasLimit.toString(), fees.maxFeePerGas.toString(), fees.maxPriorityFeePerGas.toString(),
  ]);
  return rowCount === 1;
}

/** After "nonce too low" from the node: move the counter up to what the chain has seen. */
export async function resyncNonce(db: Prisma.TransactionClient, client: PublicClient, address: Address, chainKey: string) {
  const onChain = await client.getTransactionCount({ address, blockTag: "pending" });
  await db.$executeRaw`UPDATE wallet_nonces SET next_nonce = GREATEST(next_nonce, ${onChain}), updated_at = now() WHERE address = ${address} AND chain_key = ${chainKey}`;
}
