// The statements that end records (and record their events), on the wallet runs' pool like ./records: the
// move to a final status, and the one-statement confirmation of writes that are only events. The mined
// signature's attempt (./attempts) gets the receipt's figures in the same statement.
import { chainPool, hotQuery, type Queryable } from "@/lib/db";
import { insertEventsSql } from "@/lib/webhooks/emit";
import type { Transaction } from "@/lib/generated/prisma/client";
import { minedAttemptsSql } from "@/lib/chain/records/attempts";
import { toTransaction, TRANSACTION_COLUMNS } from "@/lib/chain/records/statements";

export interface FinalChanges {
  status: "confirmed" | "failed";
  hash?: string;
  blockNumber?: bigint;
  blockHash?: string;
  gasUsed?: string;
  contractAddress?: string | null;
  confirmedAt?: Date;
  errorCode?: string;
  errorMessage?: string;
  /** Only while no signature is stored (a cancellation must not race a send of signed bytes). */
  onlyIfUnsigned?: boolean;
  /** The node took its bytes (a receipt proves it): a record still pending is also marked sent. */
  sent?: boolean;
  /** From the receipt: what a unit of gas cost (wei), on the mined attempt. */
  effectiveGasPrice?: string;
  /** The decoded revert reason of a signature mined and reverted, on the mined attempt. */
  revertReason?: string;
}

// The one move to a final status, only from an open one: a record already final (another run got there
// first) returns no row. One statement for a whole pass of endings.
const finalizeSql = `WITH moved AS (UPDATE transactions SET status = c_status, hash = COALESCE(c_hash, hash), block_number = COALESCE(c_block::bigint, block_number),
    gas_used = COALESCE(c_gas_used, gas_used), contract_address = COALESCE(c_contract, contract_address),
    confirmed_at = COALESCE(c_confirmed_at::timestamp, confirmed_at), error_code = COALESCE(c_error_code, error_code),
    error_message = COALESCE(c_error_message, error_message), updated_at = now(),
    submitted_at = CASE WHEN c_sent THEN COALESCE(submitted_at, now()) ELSE submitted_at END,
    attempts = attempts + CASE WHEN c_sent AND status = 'pending' THEN 1 ELSE 0 END, block_hash = COALESCE(c_block_hash, block_hash)
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::bool[], $11::bool[], $12::text[],
      $13::text[], $14::text[])
    AS c(c_id, c_status, c_hash, c_block, c_gas_used, c_contract, c_confirmed_at, c_error_code, c_error_message, c_only_unsigned, c_sent, c_block_hash,
      c_price, c_revert_reason)
  WHERE id = c_id AND status IN ('pending', 'submitted') AND (NOT c_only_unsigned OR raw_transaction IS NULL)
  RETURNING ${TRANSACTION_COLUMNS}, c_hash, c_block, c_block_hash, c_gas_used, c_price, c_revert_reason
  ), mined AS (${minedAttemptsSql("SELECT id, c_hash, c_block::bigint, c_block_hash, c_gas_used, c_price, c_revert_reason FROM moved WHERE c_block IS NOT NULL")})
  SELECT * FROM moved`;

/** Moves records to their final status on `client` (inside the caller's transaction); returns those it moved. */
export async function moveToFinal(client: Queryable, changes: (FinalChanges & { id: string })[]): Promise<Transaction[]> {
  const column = <T>(pick: (c: FinalChanges & { id: string }) => T) => changes.map(pick);
  const { rows } = await hotQuery("finalize_transactions", finalizeSql, [
    column((c) => c.id), column((c) => c.status), column((c) => c.hash ?? null), column((c) => c.blockNumber?.toString() ?? null),
    column((c) => c.gasUsed ?? null), column((c) => c.contractAddress ?? null), column((c) => c.confirmedAt?.toISOString() ?? null),
    column((c) => c.errorCode ?? null), column((c) => c.errorMessage ?? null), column((c) => c.onlyIfUnsigned ?? false), column((c) => c.sent ?? false),
    column((c) => c.blockHash ?? null), column((c) => c.effectiveGasPrice ?? null), column((c) => c.revertReason ?? null),
  ], client);
  return rows.map(({ c_hash, c_block, c_block_hash, c_gas_used, c_price, c_revert_reason, ...row }) => toTransaction(row));
}

/** A confirmation whose operation changes nothing but events (lib/chain/records/finalize's one-statement path). */
export interface Confirmation {
  id: string;
  hash: string;
  blockNumber: bigint;
  blockHash: string;
  gasUsed: string;
  contractAddress: string | null;
  effectiveGasPrice: string;
  at: Date;
}

// The same move as finalizeSql for confirmations, and their events (rows of eventRecordset, each naming its
// record) recorded only for the records it moved: one statement, no database transaction around it.
const confirmSql = `WITH moved AS (
    UPDATE transactions t SET status = 'confirmed', hash = c.hash, block_number = c.block::bigint, gas_used = c.gas_used,
      contract_address = COALESCE(c.contract, t.contract_address), confirmed_at = c.at::timestamp, updated_at = c.at::timestamp,
      submitted_at = COALESCE(t.submitted_at, c.at::timestamp), attempts = t.attempts + CASE WHEN t.status = 'pending' THEN 1 ELSE 0 END,
      block_hash = c.block_hash
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $8::text[], $9::text[])
      AS c(id, hash, block, gas_used, contract, at, block_hash, price)
    WHERE t.id = c.id AND t.status IN ('pending', 'submitted')
    RETURNING t.id, c.hash, c.block, c.block_hash, c.gas_used, c.price
  ), mined AS (${minedAttemptsSql("SELECT id, hash, block::bigint, block_hash, gas_used, price, NULL::text FROM moved")}),
  inserted AS (${insertEventsSql("$7::jsonb", "moved")})
  SELECT (SELECT count(*) FILTER (WHERE pending) FROM inserted)::int AS pending`;

/** Confirms the records still open and records their events; returns how many events wait for the outbox. */
export async function confirmWithEvents(confirmations: Confirmation[], events: unknown[]): Promise<number> {
  const column = <T>(pick: (c: Confirmation) => T) => confirmations.map(pick);
  const { rows } = await hotQuery("confirm_with_events", confirmSql, [
    column((c) => c.id), column((c) => c.hash), column((c) => c.blockNumber.toString()), column((c) => c.gasUsed),
    column((c) => c.contractAddress), column((c) => c.at.toISOString()), JSON.stringify(events), column((c) => c.blockHash),
    column((c) => c.effectiveGasPrice),
  ], chainPool);
  return rows[0].pending;
}

