// The attempts of a record (table transaction_attempts: one row per signature sent for it), written only as
// parts of the statements that move the record (./records, ./records-recovery, ./records-final): each
// helper here is a data-modifying CTE over a relation of the moved rows, so a record and its timeline
// never disagree. The read side (the timeline of GET /v1/transactions/{id}) is ./timeline.

const NOW = `(now() AT TIME ZONE 'UTC')`;

/**
 * New signatures: `rows` yields (id, hash, nonce, kind, gas_limit, max_fee, max_priority, sent), sent a
 * boolean (a replacement goes out as it is stored; a backlog's signatures are sent after).
 */
export const insertAttemptsSql = (rows: string) => `INSERT INTO transaction_attempts
    (transaction_id, hash, nonce, kind, gas_limit, max_fee_per_gas, max_priority_fee_per_gas, signed_at, sent_at)
  SELECT a.id, a.hash, a.nonce, a.kind, a.gas_limit, a.max_fee, a.max_priority, ${NOW}, CASE WHEN a.sent THEN ${NOW} END
  FROM (${rows}) AS a(id, hash, nonce, kind, gas_limit, max_fee, max_priority, sent)
  ON CONFLICT DO NOTHING`;

/** Links replaced signatures to their replacement: `rows` yields (id, old_hash, new_hash). */
export const replacedAttemptsSql = (rows: string) => `UPDATE transaction_attempts a SET replaced_by = r.new_hash
  FROM (${rows}) AS r(id, old_hash, new_hash) WHERE a.transaction_id = r.id AND a.hash = r.old_hash`;

/** The node took these signatures: `rows` yields (id, hash). */
export const sentAttemptsSql = (rows: string) => `UPDATE transaction_attempts a SET sent_at = COALESCE(a.sent_at, ${NOW})
  FROM (${rows}) AS x(id, hash) WHERE a.transaction_id = x.id AND a.hash = x.hash`;

/** Every open signature of these records (`ids` yields id) was given up without a receipt (they are signed again). */
export const droppedAttemptsSql = (ids: string) => `UPDATE transaction_attempts SET dropped_at = ${NOW}
  WHERE transaction_id IN (${ids}) AND block_number IS NULL AND replaced_by IS NULL AND dropped_at IS NULL`;

/**
 * The signature a receipt names was mined: `rows` yields (id, hash, block, block_hash, gas_used,
 * effective_price, revert_reason), block a bigint.
 */
export const minedAttemptsSql = (rows: string) => `UPDATE transaction_attempts a SET block_number = m.block, block_hash = m.block_hash,
    gas_used = m.gas_used, effective_gas_price = m.effective_price, revert_reason = m.revert_reason, mined_at = ${NOW},
    sent_at = COALESCE(a.sent_at, ${NOW})
  FROM (${rows}) AS m(id, hash, block, block_hash, gas_used, effective_price, revert_reason)
  WHERE a.transaction_id = m.id AND a.hash = m.hash`;

/** A reorganisation removed these records' mined signatures (`ids` yields id) from their blocks. */
export const reorgedAttemptsSql = (ids: string) => `UPDATE transaction_attempts SET reorged_from_block = block_number, block_number = NULL,
    block_hash = NULL, gas_used = NULL, effective_gas_price = NULL, revert_reason = NULL, mined_at = NULL
  WHERE transaction_id IN (${ids}) AND block_number IS NOT NULL`;
