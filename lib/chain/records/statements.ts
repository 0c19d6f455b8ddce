// Data access for transaction records on the chain path. Every statement the wallet runs make is here,
// on the raw pool (this path runs for every chain write, and batches whole backlogs per statement); the
// runs' own statements on their own pool (chainPool), intake's and the API's reads on the request pool.
// Rows come back in the shape of Prisma's `Transaction`, so the rest of the code sees one type.
import { chainPool, hotQuery, type Queryable } from "@/lib/db";
import { selectList } from "@/lib/db/columns";
import type { Transaction } from "@/lib/generated/prisma/client";
import { droppedAttemptsSql, insertAttemptsSql, replacedAttemptsSql, sentAttemptsSql } from "@/lib/chain/records/attempts";

export const TRANSACTION_COLUMNS = selectList(
  [
    "id", "tenantId", "livemode", "network", "chainKey", "kind", "submitter", "tokenId", "status", "fromAddress", "toAddress", "data",
    "value", "request", "effect", "nonce", "hash", "hashes", "rawTransaction", "gasLimit", "maxFeePerGas", "maxPriorityFeePerGas",
    "blockNumber", "gasUsed", "contractAddress", "errorCode", "errorMessage", "attempts", "feeCapNetworkFee", "cancelHash", "blockHash", "reorgs",
  ],
  ["submittedAt", "confirmedAt", "feeCapReachedAt", "cancelRequestedAt", "createdAt", "updatedAt"],
);

/** A row selected with TRANSACTION_COLUMNS, as Prisma would return it (bigint block number). */
export function toTransaction(row: Record<string, unknown>): Transaction {
  return { ...row, blockNumber: row.blockNumber === null ? null : BigInt(row.blockNumber as string) } as Transaction;
}
export const rowsOf = (result: { rows: Record<string, unknown>[] }) => result.rows.map(toTransaction);

export interface NewRecord {
  id: string;
  tenantId: string;
  livemode: boolean;
  network: string;
  chainKey: string;
  kind: string;
  tokenId?: string | null;
  fromAddress: string;
  toAddress?: string | null;
  data: string;
  value: string;
  request: unknown;
  effect?: unknown;
  /** Only for a filler: the nonce it uses up. */
  nonce?: number | null;
  /** Who submits it (a SubmitterName of ./senders); "eoa" when absent. */
  submitter?: string;
  /** The request's idempotency claim and the write's ordinal in it (lib/core/idempotency-context); unique. */
  idempotencyClaim?: string | null;
}

// Timestamps as UTC wall time, as Prisma writes them (the server's time zone may be another).
const insertSql = `INSERT INTO transactions (id, tenant_id, livemode, network, chain_key, kind, token_id, from_address, to_address, data, value, request, effect, nonce, submitter, idempotency_claim, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
  RETURNING ${TRANSACTION_COLUMNS}`;

const insertValues = (record: NewRecord) => [
  record.id, record.tenantId, record.livemode, record.network, record.chainKey, record.kind, record.tokenId ?? null, record.fromAddress,
  record.toAddress ?? null, record.data, record.value, JSON.stringify(record.request), record.effect === undefined ? null : JSON.stringify(record.effect), record.nonce ?? null,
  record.submitter ?? "eoa", record.idempotencyClaim ?? null,
];

/** Inserts a pending record; pass the caller's transaction to commit it with other rows. */
export async function insertRecord(record: NewRecord, client?: Queryable): Promise<Transaction> {
  const { rows } = await hotQuery("insert_transaction", insertSql, insertValues(record), client);
  return toTransaction(rows[0]);
}

// Intake in one round trip: the record, and its wallet's wake flag raised. The flag's row is locked until
// the record commits, so a run lowering the flag waits for it and then sees the record (the run lowers the
// flag and reads its work in two statements); raised from down, this caller dispatches. No row yet (the
// counter is seeded by the first run) also dispatches. A flag already up is only locked, not written again
// (a burst's records then add no row versions to the counter's row); whether it is up is read from the locked
// row, not the statement's snapshot, so a flag lowered while this statement waited for the lock is raised.
const insertAndWakeSql = `WITH record AS (${insertSql.replace("RETURNING", "RETURNING true AS inserted,")}),
  previous AS (SELECT wake_requested FROM wallet_nonces WHERE address = $8 AND chain_key = $5 FOR UPDATE),
  raised AS (UPDATE wallet_nonces SET wake_requested = true WHERE address = $8 AND chain_key = $5 AND EXISTS (SELECT 1 FROM previous WHERE NOT wake_requested) RETURNING 1)
  SELECT record.*, COALESCE((SELECT NOT wake_requested FROM previous), true) AS wake FROM record`;

export interface Woken {
  record: Transaction;
  /** This caller must dispatch the wallet's run. */
  wake: boolean;
}

const woken = ({ wake, inserted: _, ...row }: Record<string, unknown>): Woken => ({ record: toTransaction(row), wake: wake as boolean });

/** Inserts a pending record and raises its wallet's wake flag. */
export async function insertAndWake(record: NewRecord): Promise<Woken> {
  const { rows } = await hotQuery("insert_transaction_and_wake", insertAndWakeSql, insertValues(record));
  return woken(rows[0]);
}

// The same for many records in one statement (records reaching intake together): the wallets' counter rows
// are locked in one order (two groups never wait for each other crosswise), and of each wallet's records only
// the first may be the one that dispatches.
const insertManyAndWakeSql = `WITH s AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::bool[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
      $11::text[], $12::text[], $13::text[], $14::int[], $15::text[], $16::text[]) WITH ORDINALITY
      AS s(id, tenant_id, livemode, network, chain_key, kind, token_id, from_address, to_address, data, value, request, effect, nonce, submitter, idempotency_claim, ord)
  ), record AS (
    INSERT INTO transactions (id, tenant_id, livemode, network, chain_key, kind, token_id, from_address, to_address, data, value, request, effect, nonce, submitter, idempotency_claim, created_at, updated_at)
    SELECT id, tenant_id, livemode, network, chain_key, kind, token_id, from_address, to_address, data, value, request::jsonb, effect::jsonb, nonce, submitter,
      idempotency_claim, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC' FROM s ORDER BY ord
    RETURNING ${TRANSACTION_COLUMNS}
  ), previous AS (
    SELECT address, chain_key, wake_requested FROM wallet_nonces WHERE (address, chain_key) IN (SELECT from_address, chain_key FROM s)
    ORDER BY address, chain_key FOR UPDATE
  ), raised AS (
    UPDATE wallet_nonces w SET wake_requested = true FROM previous p
    WHERE w.address = p.address AND w.chain_key = p.chain_key AND NOT p.wake_requested RETURNING 1
  ), firsts AS (SELECT DISTINCT ON (from_address, chain_key) id FROM s ORDER BY from_address, chain_key, ord)
  SELECT record.*, record.id IN (SELECT id FROM firsts)
    AND COALESCE((SELECT NOT p.wake_requested FROM previous p WHERE p.address = record."fromAddress" AND p.chain_key = record."chainKey"), true) AS wake
  FROM record`;

/** insertAndWake for many records, all or nothing; in the order given. */
export async function insertManyAndWake(records: NewRecord[]): Promise<Woken[]> {
  const values = records.map(insertValues);
  const { rows } = await hotQuery("insert_transactions_and_wake", insertManyAndWakeSql, values[0].map((_, column) => values.map((v) => v[column])));
  const byId = new Map(rows.map((row) => [row.id as string, woken(row)]));
  return records.map((r) => byId.get(r.id)!);
}

/** The record a request's chain write made under this idempotency claim (see NewRecord), or null. */
export async function findByIdempotencyClaim(claim: string): Promise<Transaction | null> {
  const { rows } = await hotQuery("find_transaction_by_claim", `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE idempotency_claim = $1`, [claim]);
  return rows.length ? toTransaction(rows[0]) : null;
}

/** The records of these idempotency-claim references (lib/core/idempotency-context writeRefs), in the order given. */
export async function findByIdempotencyClaims(refs: string[]): Promise<Transaction[]> {
  if (!refs.length) return [];
  const { rows } = await hotQuery("find_transactions_by_claims", `SELECT ${TRANSACTION_COLUMNS}, idempotency_claim AS claim_ref FROM transactions WHERE idempotency_claim = ANY($1::text[])`, [refs]);
  const byRef = new Map(rows.map(({ claim_ref, ...row }) => [claim_ref as string, toTransaction(row)]));
  return refs.flatMap((ref) => byRef.get(ref) ?? []);
}

/** The insert failed because a record (or an area's row, lib/chain/intake/resources) with this idempotency claim exists. */
export const isClaimConflict = (error: unknown) =>
  (error as { code?: string })?.code === "23505" && !!(error as { constraint?: string }).constraint?.endsWith("_idempotency_claim_key");

export async function loadTransaction(id: string): Promise<Transaction> {
  const { rows } = await hotQuery("load_transaction", `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE id = $1`, [id]);
  if (!rows.length) throw new Error(`transaction ${id} not found`);
  return toTransaction(rows[0]);
}

/** A tenant's record in one mode, or null (another tenant's id is not found). */
export async function findRecord(tenantId: string, livemode: boolean, id: string): Promise<Transaction | null> {
  const { rows } = await hotQuery("find_transaction", `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE id = $1 AND tenant_id = $2 AND livemode = $3`, [id, tenantId, livemode]);
  return rows.length ? toTransaction(rows[0]) : null;
}

export interface RecordFilters {
  status?: string;
  token?: string;
  network?: string;
  kind?: string;
  /** Created at or after this instant. */
  createdFrom?: Date;
  /** Created before this instant. */
  createdBefore?: Date;
  /** A record's id, or any hash it was sent with (a fee bump's replacement included). */
  idOrHash?: string;
}

/** A page of a tenant's records, newest first, below `before` (a cursor id), with the filtered total. */
export async function pageOfRecords(tenantId: string, livemode: boolean, filters: RecordFilters, limit: number, before?: string) {
  const where = ["tenant_id = $1", "livemode = $2"];
  const values: unknown[] = [tenantId, livemode];
  const used: string[] = [];
  // Each condition's name goes into the prepared statement's name: one statement per combination of filters.
  const add = (name: string, value: unknown, condition: (placeholder: string) => string) => {
    if (value === undefined) return;
    values.push(value);
    used.push(name);
    where.push(condition(`$${values.length}`));
  };
  for (const [column, value] of [["status", filters.status], ["token_id", filters.token], ["network", filters.network], ["kind", filters.kind]] as const) {
    add(column, value, (p) => `${column} = ${p}`);
  }
  add("from", filters.createdFrom?.toISOString(), (p) => `created_at >= ${p}::timestamp`);
  add("before", filters.createdBefore?.toISOString(), (p) => `created_at < ${p}::timestamp`);
  add("search", filters.idOrHash?.toLowerCase(), (p) => `(id = ${p} OR lower(hash) = ${p} OR ${p} = ANY(hashes))`);
  const name = used.join("_") || "all";
  const filtered = where.join(" AND ");
  const cursor = before === undefined ? "" : ` AND id < $${values.length + 1}`;
  const [page, total] = await Promise.all([
    hotQuery(`transactions_page_${name}_${cursor ? "after" : "first"}_${Number(limit)}`,
      `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE ${filtered}${cursor} ORDER BY id DESC LIMIT ${Number(limit) + 1}`,
      before === undefined ? values : [...values, before]),
    hotQuery(`transactions_count_${name}`, `SELECT count(*)::int AS total FROM transactions WHERE ${filtered}`, values),
  ]);
  return { rows: page.rows.map(toTransaction), total: total.rows[0].total as number };
}

/** Whether a write of this kind on this token is still open. */
export async function hasOpenRecord(tokenId: string, kind: string): Promise<boolean> {
  const { rowCount } = await hotQuery("open_record_of_kind", `SELECT 1 FROM transactions WHERE token_id = $1 AND kind = $2 AND status IN ('pending', 'submitted') LIMIT 1`, [tokenId, kind]);
  return rowCount === 1;
}

/** Open records nobody has moved since `before`: what the reconciler re-dispatches. */
// A user operation's record waits for its open relay operation (signed by its owner, whenever that is); once
// that has ended, a run settles the record, so a record whose settling was lost is picked up again.
export async function staleRecords(before: Date, limit = 500): Promise<Pick<Transaction, "id" | "fromAddress" | "chainKey" | "network" | "submitter">[]> {
  const { rows } = await hotQuery(
    "stale_transactions",
    `SELECT id, from_address AS "fromAddress", chain_key AS "chainKey", network, submitter FROM transactions t
     WHERE status IN ('pending', 'submitted') AND updated_at < $1::timestamp
       AND NOT (submitter = 'user_operation' AND EXISTS (
         SELECT 1 FROM connect_relay_operations r WHERE r.transaction_id = t.id AND r.status IN ('awaiting_sign', 'pending')))
     ORDER BY updated_at LIMIT $2`,
    [before.toISOString(), limit],
  );
  return rows;
}

export interface WalletKey {
  from: string;
  chainKey: string;
}

export const OF_WALLET = `from_address = $1 AND chain_key = $2 AND submitter = 'eoa'`;
export const OPEN = `${OF_WALLET} AND status IN ('pending', 'submitted')`;
const OPEN_UNSIGNED = `${OF_WALLET} AND status = 'pending' AND raw_transaction IS NULL`;

/**
 * A smart account's records that no user operation carries yet, oldest first (lib/connect/user-ops/service),
 * of the tenants and modes the account belongs to (`owners`; one, unless rows older than per-tenant salts share it).
 */
export async function unsentUserOperationRecords(sender: WalletKey, owners: { tenantId: string; livemode: boolean }[]): Promise<Transaction[]> {
  return rowsOf(
    await hotQuery(
      "unsent_user_operation_records",
      `SELECT ${TRANSACTION_COLUMNS} FROM transactions t WHERE from_address = $1 AND chain_key = $2 AND submitter = 'user_operation' AND status = 'pending'
        AND (tenant_id, livemode) IN (SELECT * FROM unnest($3::text[], $4::bool[]))
        AND NOT EXISTS (SELECT 1 FROM connect_relay_operations r WHERE r.transaction_id = t.id) ORDER BY id`,
      [sender.from, sender.chainKey, owners.map((o) => o.tenantId), owners.map((o) => o.livemode)],
    ),
  );
}

/** The wallet's open records, oldest first: what its run still has to move. */
export async function openRecords(wallet: WalletKey): Promise<Transaction[]> {
  return rowsOf(await hotQuery("open_records", `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE ${OPEN} ORDER BY id`, [wallet.from, wallet.chainKey], chainPool));
}

/** The wallet's records still to sign (new ones, fillers, and ones released to be signed again), oldest first. */
export async function unsignedRecords(wallet: WalletKey): Promise<Transaction[]> {
  return rowsOf(
    await hotQuery("unsigned_records", `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE ${OPEN_UNSIGNED} ORDER BY id`, [wallet.from, wallet.chainKey], chainPool),
  );
}

export interface Signed {
  id: string;
  nonce: number;
  raw: string;
  hash: string;
  gasLimit: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** A signature for a record that had no nonce (`fresh`: it takes the next of the counter) or kept one. */
export type Signing = Signed & { fresh: boolean };

// Nonces and signatures in one statement, all or nothing: the counter moves from the value the run
// signed against by the number of fresh records, and every record is still as the run read it (pending,
// unsigned, its nonce unchanged). Otherwise nothing is written and the run reads afresh, so no nonce is
// ever taken without its record, and the signed range stays contiguous.
const storeBacklogSql = `WITH s AS (
    SELECT * FROM unnest($4::text[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::bool[])
      AS s(id, nonce, raw, hash, gas_limit, max_fee, max_priority, fresh)
  ), locked AS (
    SELECT t.id FROM transactions t JOIN s ON t.id = s.id
    WHERE t.status = 'pending' AND t.raw_transaction IS NULL AND (CASE WHEN s.fresh THEN t.nonce IS NULL ELSE t.nonce = s.nonce END)
    FOR UPDATE OF t
  ), ready AS (SELECT (SELECT count(*) FROM locked) = (SELECT count(*) FROM s) AS ok),
  counter AS (
    UPDATE wallet_nonces SET next_nonce = next_nonce + (SELECT count(*) FROM s WHERE fresh), updated_at = now()
    WHERE address = $1 AND chain_key = $2 AND next_nonce = $3 AND (SELECT ok FROM ready) AND EXISTS (SELECT 1 FROM s WHERE fresh)
    RETURNING 1
  ), stored AS (
    UPDATE transactions t SET nonce = s.nonce, raw_transaction = s.raw, hash = s.hash, hashes = array_append(t.hashes, s.hash),
      gas_limit = s.gas_limit, max_fee_per_gas = s.max_fee, max_priority_fee_per_gas = s.max_priority, updated_at = now(),
      fee_cap_reached_at = NULL, fee_cap_network_fee = NULL
    FROM s WHERE t.id = s.id AND (SELECT ok FROM ready)
      AND (EXISTS (SELECT 1 FROM counter) OR NOT EXISTS (SELECT 1 FROM s WHERE fresh))
    RETURNING t.id
  ), attempted AS (${insertAttemptsSql("SELECT s.id, s.hash, s.nonce, 'call', s.gas_limit, s.max_fee, s.max_priority, false FROM s JOIN stored ON stored.id = s.id")})
  SELECT count(*)::int AS stored FROM stored`;

/** Stores a pass's signatures and moves the nonce counter from `expectedNext`; false when nothing was stored (read afresh). */
export async function storeSignedBacklog(wallet: WalletKey, expectedNext: number, batch: Signing[]): Promise<boolean> {
  if (!batch.length) return true;
  const { rows } = await hotQuery("store_signed_backlog", storeBacklogSql, [
    wallet.from, wallet.chainKey, expectedNext,
    batch.map((s) => s.id), batch.map((s) => s.nonce), batch.map((s) => s.raw), batch.map((s) => s.hash), batch.map((s) => s.gasLimit.toString()),
    batch.map((s) => s.maxFeePerGas.toString()), batch.map((s) => s.maxPriorityFeePerGas.toString()), batch.map((s) => s.fresh),
  ], chainPool);
  return rows[0].stored === batch.length;
}

// A replacement (same nonce, higher fees) of a submitted record: the new bytes become the ones re-sent; its
// attempt goes out now and the one it replaces is linked to it (a cancel's no-op is replaced by no-ops only).
const storeReplacementSql = `WITH previous AS (SELECT id, hash FROM transactions WHERE id = $1 AND nonce = $2 AND status = 'submitted' FOR UPDATE),
  moved AS (
    UPDATE transactions SET raw_transaction = $3, hash = $4, hashes = array_append(hashes, $4), max_fee_per_gas = $5,
      max_priority_fee_per_gas = $6, submitted_at = now(), attempts = attempts + 1, updated_at = now(),
      fee_cap_reached_at = NULL, fee_cap_network_fee = NULL
    WHERE id IN (SELECT id FROM previous) RETURNING id, cancel_hash
  ), attempted AS (${insertAttemptsSql("SELECT id, $4::text, $2::int, CASE WHEN cancel_hash IS NULL THEN 'call' ELSE 'cancel' END, $7::text, $5::text, $6::text, true FROM moved")}),
  linked AS (${replacedAttemptsSql("SELECT p.id, p.hash, $4::text FROM previous p JOIN moved ON moved.id = p.id")})
  SELECT count(*)::int AS stored FROM moved`;

/** A replacement (same nonce, higher fees) of a submitted record: the new bytes become the ones re-sent. */
export async function storeReplacement(s: Signed) {
  await hotQuery(
    "store_replacement",
    storeReplacementSql,
    [s.id, s.nonce, s.raw, s.hash, s.maxFeePerGas.toString(), s.maxPriorityFeePerGas.toString(), s.gasLimit.toString()],
    chainPool,
  );
}

export async function markSubmitted(ids: string[]) {
  if (!ids.length) return;
  await hotQuery(
    "mark_submitted",
    `WITH moved AS (
       UPDATE transactions SET status = 'submitted', submitted_at = COALESCE(submitted_at, now()), attempts = attempts + 1, updated_at = now()
       WHERE id = ANY($1) AND status = 'pending' RETURNING id, hash
     ), sent AS (${sentAttemptsSql("SELECT id, hash FROM moved")})
     SELECT count(*)::int AS moved FROM moved`,
    [ids],
    chainPool,
  );
}

/** Drops a signature that can never mine (its nonce went to another sender): the record is signed again, with a new nonce. */
export async function releaseForResigning(id: string, keepNonce: boolean) {
  await hotQuery(
    "release_for_resigning",
    `WITH moved AS (
       UPDATE transactions SET status = 'pending', raw_transaction = NULL, hash = NULL, nonce = CASE WHEN $2 THEN nonce END,
         submitted_at = NULL, cancel_hash = NULL, updated_at = now()
       WHERE id = $1 AND status IN ('pending', 'submitted') RETURNING id
     ), dropped AS (${droppedAttemptsSql("SELECT id FROM moved")})
     SELECT count(*)::int AS moved FROM moved`,
    [id, keepNonce],
    chainPool,
  );
}

/**
 * The records wait at the network's fee cap: sent ones cannot be replaced higher, unsent ones are deferred
 * (not signed); `networkFee`: the network's max fee per gas now, if known. Signing or replacing them clears it.
 */
export async function markFeeCapReached(ids: string[], networkFee: bigint | null) {
  await hotQuery(
    "fee_cap_reached",
    `UPDATE transactions SET fee_cap_reached_at = now(), fee_cap_network_fee = $2, updated_at = now() WHERE id = ANY($1) AND fee_cap_reached_at IS NULL`,
    [ids, networkFee?.toString() ?? null],
    chainPool,
  );
}

/** Touches the records so the reconciler sees someone is working on them. */
export async function touch(ids: string[], at = new Date()) {
  if (ids.length) await hotQuery("touch_records", `UPDATE transactions SET updated_at = $2::timestamp WHERE id = ANY($1)`, [ids, at.toISOString()], chainPool);
}
