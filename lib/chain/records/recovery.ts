// The statements of a record's second chances, on the wallet runs' pool like ./records: a cancel asked for
// through the API and signed by the wallet's run (./eoa/cancel), and the finality watch that reopens records
// a reorganisation removed (./eoa/reorgs).
import { chainPool, hotQuery, type Queryable } from "@/lib/db";
import type { Transaction } from "@/lib/generated/prisma/client";
import { insertAttemptsSql, reorgedAttemptsSql, replacedAttemptsSql } from "@/lib/chain/records/attempts";
import { findRecord, OPEN, OF_WALLET, rowsOf, toTransaction, TRANSACTION_COLUMNS, type Signed, type WalletKey } from "@/lib/chain/records/statements";

/**
 * Asks for the cancel of a signed, open record of this tenant (its run signs the no-op); once only. Returns the
 * record as it is now, or null when it is not the tenant's.
 */
export async function requestCancel(tenantId: string, livemode: boolean, id: string): Promise<Transaction | null> {
  await hotQuery(
    "request_cancel",
    `UPDATE transactions SET cancel_requested_at = now(), updated_at = now()
     WHERE id = $1 AND tenant_id = $2 AND livemode = $3 AND status IN ('pending', 'submitted') AND raw_transaction IS NOT NULL AND cancel_requested_at IS NULL`,
    [id, tenantId, livemode],
  );
  return findRecord(tenantId, livemode, id);
}

/** The wallet's open records whose cancel is asked for and not signed yet. */
export async function cancelsWanted(wallet: WalletKey): Promise<Transaction[]> {
  return rowsOf(
    await hotQuery(
      "cancels_wanted",
      `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE ${OPEN} AND cancel_requested_at IS NOT NULL AND cancel_hash IS NULL AND nonce IS NOT NULL ORDER BY id`,
      [wallet.from, wallet.chainKey],
      chainPool,
    ),
  );
}

/** The cancel's no-op, stored over the signature it replaces (`replacing`: that signature's hash, unchanged since read). */
export async function storeCancel(s: Signed, replacing: string | null): Promise<Transaction | null> {
  const { rows } = await hotQuery(
    "store_cancel",
    `WITH moved AS (
       UPDATE transactions SET raw_transaction = $3, hash = $4, hashes = array_append(hashes, $4), cancel_hash = $4, gas_limit = $5,
         max_fee_per_gas = $6, max_priority_fee_per_gas = $7, attempts = attempts + CASE WHEN status = 'submitted' THEN 1 ELSE 0 END,
         submitted_at = CASE WHEN status = 'submitted' THEN now() ELSE submitted_at END, updated_at = now(), fee_cap_reached_at = NULL, fee_cap_network_fee = NULL
       WHERE id = $1 AND nonce = $2 AND status IN ('pending', 'submitted') AND cancel_hash IS NULL AND hash IS NOT DISTINCT FROM $8
       RETURNING ${TRANSACTION_COLUMNS}
     ), attempted AS (${insertAttemptsSql(`SELECT "id", $4::text, $2::int, 'cancel', $5::text, $6::text, $7::text, "status" = 'submitted' FROM moved`)}),
     linked AS (${replacedAttemptsSql("SELECT id, $8::text, $4::text FROM moved WHERE $8::text IS NOT NULL")})
     SELECT * FROM moved`,
    [s.id, s.nonce, s.raw, s.hash, s.gasLimit.toString(), s.maxFeePerGas.toString(), s.maxPriorityFeePerGas.toString(), replacing],
    chainPool,
  );
  return rows.length ? toTransaction(rows[0]) : null;
}

/** The wallet's records mined (confirmed, or failed on chain) from block `fromBlock` on: the finality watch's. */
export async function recentlyMined(wallet: WalletKey, fromBlock: bigint): Promise<Transaction[]> {
  return rowsOf(
    await hotQuery(
      "recently_mined",
      `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE ${OF_WALLET} AND block_number >= $3 AND block_hash IS NOT NULL AND status IN ('confirmed', 'failed')`,
      [wallet.from, wallet.chainKey, fromBlock.toString()],
      chainPool,
    ),
  );
}

// A final record whose block a reorganisation removed is open again (submitted: its signed bytes are sent
// again); only if it is still in that block as read.
const reopenSql = `WITH moved AS (UPDATE transactions SET status = 'submitted', block_number = NULL, block_hash = NULL, gas_used = NULL, contract_address = NULL,
    confirmed_at = NULL, error_code = NULL, error_message = NULL, reorgs = reorgs + 1, updated_at = now()
  FROM unnest($1::text[], $2::text[]) AS r(r_id, r_block_hash)
  WHERE id = r_id AND block_hash = r_block_hash AND status IN ('confirmed', 'failed')
  RETURNING ${TRANSACTION_COLUMNS}
  ), reorged AS (${reorgedAttemptsSql("SELECT id FROM moved")})
  SELECT * FROM moved`;

/** Reopens records removed by a reorganisation (inside the caller's transaction); returns those it moved. */
export async function reopenReorged(client: Queryable, records: Transaction[]): Promise<Transaction[]> {
  const { rows } = await hotQuery("reopen_reorged", reopenSql, [records.map((r) => r.id), records.map((r) => r.blockHash)], client);
  return rows.map(toTransaction);
}
