// Transaction records read and finalized on the raw pool: the processor does this for every chain
// write, and Prisma's per-query overhead was a measurable share of that path (npm run bench:chain).
// Rows come back in the shape of Prisma's `Transaction`, so the rest of the code sees one type.
import { hotQuery, type Queryable } from "@/lib/db";
import { selectList } from "@/lib/db/columns";
import type { Transaction } from "@/lib/generated/prisma/client";

export const TRANSACTION_COLUMNS = selectList(
  [
    "id", "tenantId", "livemode", "network", "chainKey", "kind", "tokenId", "status", "fromAddress", "toAddress", "data", "value",
    "request", "effect", "nonce", "hash", "hashes", "rawTransaction", "gasLimit", "maxFeePerGas", "maxPriorityFeePerGas",
    "blockNumber", "gasUsed", "contractAddress", "errorCode", "errorMessage", "attempts",
  ],
  ["submittedAt", "confirmedAt", "createdAt", "updatedAt"],
);

/** A row selected with TRANSACTION_COLUMNS, as Prisma would return it (bigint block number). */
export function toTransaction(row: Record<string, unknown>): Transaction {
  return { ...row, blockNumber: row.blockNumber === null ? null : BigInt(row.blockNumber as string) } as Transaction;
}

const loadSql = `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE id = $1`;

export async function loadTransaction(id: string): Promise<Transaction> {
  const { rows } = await hotQuery("load_transaction", loadSql, [id]);
  if (!rows.length) throw new Error(`transaction ${id} not found`);
  return toTransaction(rows[0]);
}

export interface FinalChanges {
  status: "confirmed" | "failed";
  hash?: string;
  blockNumber?: bigint;
  gasUsed?: string;
  contractAddress?: string | null;
  confirmedAt?: Date;
  errorCode?: string;
  errorMessage?: string;
}

// The one move to a final status, only from an open one: a second run finalizing the same record gets no row.
const finalizeSql = `UPDATE transactions SET status = $2, hash = COALESCE($3, hash), block_number = COALESCE($4, block_number),
    gas_used = COALESCE($5, gas_used), contract_address = COALESCE($6, contract_address),
    confirmed_at = COALESCE($7, confirmed_at), error_code = COALESCE($8, error_code), error_message = COALESCE($9, error_message),
    updated_at = now()
  WHERE id = $1 AND status IN ('pending', 'submitted')
  RETURNING ${TRANSACTION_COLUMNS}`;

/** Moves the record to its final status on `client` (inside the caller's transaction); null if already final. */
export async function moveToFinal(client: Queryable, id: string, changes: FinalChanges): Promise<Transaction | null> {
  const { rows } = await hotQuery("finalize_transaction", finalizeSql, [
    id, changes.status, changes.hash ?? null, changes.blockNumber?.toString() ?? null, changes.gasUsed ?? null,
    changes.contractAddress ?? null, changes.confirmedAt?.toISOString() ?? null, changes.errorCode ?? null, changes.errorMessage ?? null,
  ], client);
  return rows.length ? toTransaction(rows[0]) : null;
}
