// The steps of the one transaction path, run by inngest/functions/process-transaction.ts:
//   send    — estimate (a revert here fails the record at once), fund gas on test chains, take a nonce and
//             sign in one database transaction, broadcast. A crash after signing re-broadcasts the same bytes.
//   confirm — wait for the receipt and confirmations (replacing a stuck transaction with higher fees),
//             then mark confirmed/failed, run the kind's effect and emit events in one database transaction.
import { parseEther, formatEther, keccak256, type Address, type Hex, type TransactionReceipt, BaseError } from "viem";
import { db, hotQuery, transaction } from "@/lib/db";
import { emitAll } from "@/lib/webhooks/emit";
import type { Transaction } from "@/lib/generated/prisma/client";
import { chainTarget, publicClient, type ChainTarget } from "./clients";
import { signerFor } from "./wallets";
import { seedNonce, reserveNonce, storeSigned, resyncNonce } from "./nonces";
import { isRevert, revertReason } from "./revert";
import { effectFor } from "./effects";
import { serializeTransaction } from "./transactions";
import { loadTransaction, moveToFinal, type FinalChanges } from "./records";

export type Outcome = "submitted" | "confirmed" | "failed";

export class NotMinedYet extends Error {}

class NonceConflict extends Error {
  constructor(readonly transactionId: string, readonly from: Address, readonly chainKey: string) {
    super(`the nonce of ${transactionId} was used by a transaction sent outside the platform; it is signed again with a fresh nonce`);
  }
}

/** After a NonceConflict rolled the broadcast back: move the counter past the chain and re-sign the record. */
async function recoverNonceConflict(conflict: NonceConflict, networkName: string) {
  await resyncNonce(db, publicClient(networkName), conflict.from, conflict.chainKey);
  await db.transaction.update({ where: { id: conflict.transactionId }, data: { rawTransaction: null, nonce: null, hash: null } });
}

const FINAL = new Set(["confirmed", "failed"]);
const LOCAL_TOP_UP = parseEther("1000");
const stuckAfterMs = () => Number(process.env.TX_STUCK_AFTER_SECONDS ?? 90) * 1000;

/** Confirmations to wait for: 1 on the local chain (it mines on demand), else CONFIRMATIONS_<NETWORK> or 2. */
function confirmationsFor(target: ChainTarget) {
  if (target.isLocal) return 1;
  return Number(process.env[`CONFIRMATIONS_${target.network.name.toUpperCase()}`] ?? 2);
}

// A wallet's balance, read at most every few seconds and debited locally in between: enough to tell
// "plenty of gas" from "fund the wallet" without one RPC call per transaction.
const balances = new Map<string, { at: number; balance: bigint }>();
async function balanceFor(target: ChainTarget, address: Address, spend: bigint) {
  const key = `${target.chainKey}:${address}`;
  const cached = balances.get(key);
  if (cached && Date.now() - cached.at < 5_000 && cached.balance >= spend * 4n) {
    cached.balance -= spend;
    return cached.balance + spend;
  }
  const balance = await publicClient(target.network.name).getBalance({ address, blockTag: "pending" });
  balances.set(key, { at: Date.now(), balance: balance - spend });
  return balance;
}


// Fee estimates change per block at most: one estimate serves every signature of the next second.
const feeCache = new Map<string, { at: number; fees: Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> }>();
function feesFor(target: ChainTarget) {
  const cached = feeCache.get(target.chainKey);
  if (cached && Date.now() - cached.at < 1_000) return cached.fees;
  const fees = publicClient(target.network.name).estimateFeesPerGas();
  feeCache.set(target.chainKey, { at: Date.now(), fees });
  fees.catch(() => feeCache.delete(target.chainKey));
  return fees;
}

export async function sendTransaction(id: string): Promise<Outcome> {
  let record = await loadTransaction(id);
  if (FINAL.has(record.status)) return record.status as Outcome;
  const target = chainTarget(record.network);
  if (!record.rawTransaction) {
    const signed = await signNew(record, target);
    if (signed === "failed") return "failed";
    record = signed;
  }
  if (record.status === "pending") {
    try {
      await broadcastBacklog(id, record.fromAddress as Address, target);
    } catch (error) {
      if (error instanceof NonceConflict) await recoverNonceConflict(error, record.network);
      throw error; // the step is retried
    }
  }
  // A chain that mines at once (the local one) has the receipt already: settle in this step, saving a round.
  if (target.isLocal) {
    const receipt = await receiptOf(record);
    if (receipt) {
      try {
        return await settle(record, receipt);
      } catch (error) {
        if (!(error instanceof NotMinedYet)) throw error;
      }
    }
  }
  return "submitted";
}

// Drains in progress in this process, per wallet and chain: runs of one process wait on the same drain
// instead of each polling the database. A drain resolves to the ids it sent, or null when another
// process holds the wallet's broadcast lock.
const drains = new Map<string, Promise<Set<string> | null>>();

/**
 * Broadcasts every signed, unsent transaction of the wallet on this chain in nonce order: nodes reject
 * (or park) a nonce that arrives before its predecessor, and runs finish signing in any order. One run
 * at a time holds the wallet's broadcast lock and sends the whole backlog (a crashed run's included);
 * the others wait, without holding a connection, until their record has been sent.
 */
async function broadcastBacklog(id: string, from: Address, target: ChainTarget) {
  const key = `${from}:${target.chainKey}`;
  for (;;) {
    let drain = drains.get(key);
    if (!drain) {
      drain = drainBacklog(from, target).finally(() => drains.delete(key));
      drains.set(key, drain);
    }
    const sent = await drain;
    if (sent?.has(id)) return;
    const { rows } = await hotQuery("transaction_status", "SELECT status FROM transactions WHERE id = $1", [id]);
    if (rows[0]?.status !== "pending") return;
    if (!sent) await new Promise((r) => setTimeout(r, 10)); // another process holds the lock
  }
}

// Signed records below the first nonce that is reserved but not yet signed: sending past that gap would
// put a nonce on the wire before its predecessor.
const claimBacklogSql = `UPDATE transactions SET status = 'submitted', submitted_at = now(), attempts = attempts + 1, updated_at = now()
  WHERE from_address = $1 AND chain_key = $2 AND status = 'pending' AND raw_transaction IS NOT NULL
    AND nonce < COALESCE((SELECT min(nonce) FROM transactions
                          WHERE from_address = $1 AND chain_key = $2 AND status = 'pending' AND nonce IS NOT NULL AND raw_transaction IS NULL), 2147483647)
  RETURNING id, nonce, hashes, network, raw_transaction AS "rawTransaction", from_address AS "fromAddress"`;

/** Sends the wallet's backlog if this run gets the lock: the ids sent, or null if another run holds it. */
async function drainBacklog(from: Address, target: ChainTarget): Promise<Set<string> | null> {
  return transaction(async (client) => {
    const { rows } = await client.query("SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked", [`broadcast:${from}:${target.chainKey}`]);
    if (!rows[0].locked) return null;
    const sent = new Set<string>();
    for (let round = 0; round < 5; round++) {
      const backlog = (await client.query(claimBacklogSql, [from, target.chainKey])).rows as Transaction[];
      if (!backlog.length) break;
      backlog.sort((a, b) => a.nonce! - b.nonce!);
      await broadcastInOrder(backlog, target);
      for (const record of backlog) sent.add(record.id);
    }
    return sent;
  });
}

async function signNew(record: Transaction, target: ChainTarget): Promise<Transaction | "failed"> {
  const client = publicClient(record.network);
  const from = record.fromAddress as Address;
  const call = { account: from, to: (record.toAddress ?? undefined) as Address | undefined, data: record.data as Hex, value: BigInt(record.value) };
  let gas: bigint;
  try {
    gas = await client.estimateGas(call);
  } catch (error) {
    if (!isRevert(error)) throw error; // RPC trouble: the step is retried
    await finalizeFailed(record.id, "execution_reverted", `The transaction would revert: ${revertReason(error)}`);
    return "failed";
  }
  const gasLimit = (gas * 12n) / 10n; // 20% headroom over the estimate
  const fees = await feesFor(target);
  const needed = gasLimit * fees.maxFeePerGas + call.value;
  let balance = await balanceFor(target, from, needed);
  if (balance < needed && target.isLocal) {
    // The platform funder of the local chain: give the tenant wallet gas at once.
    balance = await client.getBalance({ address: from, blockTag: "pending" });
    await client.request({ method: "hardhat_setBalance" as never, params: [from, `0x${(balance + LOCAL_TOP_UP).toString(16)}`] as never });
    balance += LOCAL_TOP_UP;
    balances.set(`${target.chainKey}:${from}`, { at: Date.now(), balance });
  }
  if (balance < needed) {
    await finalizeFailed(
      record.id,
      "insufficient_funds",
      `The wallet ${from} holds ${formatEther(balance)} ${target.network.nativeCurrency} on ${target.network.name} but needs ` +
        `${formatEther(needed)} for this transaction's gas: fund it and retry.`,
    );
    return "failed";
  }

  await seedNonce(db, client, from, target.chainKey);
  const nonce = await reserveNonce(record.id, from, target.chainKey);
  const raw = await sign(record, target, nonce, { gasLimit, ...fees });
  if (!(await storeSigned(record.id, nonce, raw, { gasLimit, ...fees }))) return loadTransaction(record.id); // another run stored its bytes first
  const hash = keccak256(raw);
  return {
    ...record, nonce, rawTransaction: raw, hash, hashes: [...record.hashes, hash],
    gasLimit: gasLimit.toString(), maxFeePerGas: fees.maxFeePerGas.toString(), maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
  };
}

/** The record's call, signed by the tenant wallet with this nonce and these fees. */
async function sign(record: Transaction, target: ChainTarget, nonce: number, fees: { gasLimit: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }) {
  const account = await signerFor(record.tenantId);
  return account.signTransaction({
    type: "eip1559",
    chainId: target.chain.id,
    nonce,
    to: (record.toAddress ?? null) as Address | null,
    data: record.data as Hex,
    value: BigInt(record.value),
    gas: fees.gasLimit,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
  });
}

/**
 * Sends records in nonce order as one JSON-RPC batch (the client batches calls made in the same tick):
 * nodes handle a batch's calls in order, so a nonce never arrives before its predecessor, and the backlog
 * costs one round trip instead of one per transaction. Waits for every call before reporting a failure.
 */
async function broadcastInOrder(records: Transaction[], target: ChainTarget) {
  const results = await Promise.allSettled(records.map((record) => broadcast(record, target)));
  const failure = results.find((r) => r.status === "rejected");
  if (failure) throw failure.reason;
}

/** Sends the stored bytes. "Already known" and "nonce too low" for our own mined hash are success. */
async function broadcast(record: Transaction, target: ChainTarget) {
  const client = publicClient(record.network);
  try {
    await client.sendRawTransaction({ serializedTransaction: record.rawTransaction as Hex });
  } catch (error) {
    const text = error instanceof BaseError ? `${error.shortMessage} ${error.details}` : String(error);
    if (/already known|already imported|known transaction/i.test(text)) return;
    if (/nonce too low|nonce has already been used|replacement transaction underpriced/i.test(text)) {
      if (await receiptOf(record)) return; // ours was mined: nothing to send
      // Another sender used this nonce (the key was used outside the platform): resync, re-sign later.
      throw new NonceConflict(record.id, record.fromAddress as Address, target.chainKey);
    }
    throw error;
  }
}

async function receiptOf(record: Transaction): Promise<TransactionReceipt | null> {
  const client = publicClient(record.network);
  for (const hash of [...record.hashes].reverse()) {
    const receipt = await client.getTransactionReceipt({ hash: hash as Hex }).catch(() => null);
    if (receipt) return receipt;
  }
  return null;
}

/** Waits up to `waitMs` for the receipt; throws NotMinedYet (retried later) while there is none. */
export async function confirmTransaction(id: string, waitMs = 10_000): Promise<Outcome> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const record = await loadTransaction(id);
    if (FINAL.has(record.status)) return record.status as Outcome;
    if (!record.rawTransaction || record.status === "pending") await sendTransaction(id); // not (yet) broadcast
    const receipt = await receiptOf(record);
    if (receipt) return settle(record, receipt);
    if (record.submittedAt && Date.now() - record.submittedAt.getTime() > stuckAfterMs()) await replaceStuck(record);
    if (Date.now() > deadline) throw new NotMinedYet(`${id} not mined yet`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function settle(record: Transaction, receipt: TransactionReceipt): Promise<Outcome> {
  const target = chainTarget(record.network);
  const client = publicClient(record.network);
  const needed = BigInt(confirmationsFor(target));
  if (needed > 1n) {
    const head = await client.getBlockNumber({ cacheTime: 0 });
    if (head - receipt.blockNumber + 1n < needed) throw new NotMinedYet(`${record.id} has ${head - receipt.blockNumber + 1n}/${needed} confirmations`);
  }
  if (receipt.status === "success") {
    await finalizeConfirmed(record.id, receipt);
    return "confirmed";
  }
  let reason = "execution reverted";
  try {
    await client.call({
      account: record.fromAddress as Address,
      to: (record.toAddress ?? undefined) as Address | undefined,
      data: record.data as Hex,
      value: BigInt(record.value),
      blockNumber: receipt.blockNumber - 1n,
    });
  } catch (error) {
    reason = revertReason(error);
  }
  await finalizeFailed(record.id, "execution_reverted", `The transaction reverted on chain: ${reason}`, receipt);
  return "failed";
}

/** Same nonce, fees up by 25% (nodes want at least +10%), so the stuck transaction is replaced. */
async function replaceStuck(record: Transaction) {
  const target = chainTarget(record.network);
  const maxFeePerGas = (BigInt(record.maxFeePerGas!) * 125n) / 100n;
  const maxPriorityFeePerGas = (BigInt(record.maxPriorityFeePerGas!) * 125n) / 100n;
  const raw = await sign(record, target, record.nonce!, { gasLimit: BigInt(record.gasLimit!), maxFeePerGas, maxPriorityFeePerGas });
  const hash = keccak256(raw);
  const updated = await db.transaction.update({
    where: { id: record.id },
    data: { hash, hashes: { push: hash }, rawTransaction: raw, maxFeePerGas: maxFeePerGas.toString(), maxPriorityFeePerGas: maxPriorityFeePerGas.toString(), submittedAt: new Date(), attempts: { increment: 1 } },
  });
  await broadcast(updated, target);
}

/** Final status, the kind's effect and the events, in one database transaction; a no-op if another run got there first. */
async function finalize(id: string, changes: FinalChanges, outcome: { receipt: TransactionReceipt } | { reason: string }) {
  await transaction(async (client) => {
    const record = await moveToFinal(client, id, changes);
    if (!record) return;
    const effect = effectFor(record.kind);
    const events =
      ("receipt" in outcome
        ? await effect?.onConfirmed?.({ tx: record, receipt: outcome.receipt, client })
        : await effect?.onFailed?.({ tx: record, reason: outcome.reason, client })) ?? [];
    await emitAll(record.tenantId, [...events, { type: `transaction.${changes.status}`, object: serializeTransaction(record) }], client);
  });
}

const finalizeConfirmed = (id: string, receipt: TransactionReceipt) =>
  finalize(
    id,
    { status: "confirmed", hash: receipt.transactionHash, blockNumber: receipt.blockNumber, gasUsed: receipt.gasUsed.toString(), contractAddress: receipt.contractAddress ?? null, confirmedAt: new Date() },
    { receipt },
  );

const finalizeFailed = (id: string, code: string, message: string, receipt?: TransactionReceipt) =>
  finalize(
    id,
    { status: "failed", errorCode: code, errorMessage: message, ...(receipt ? { hash: receipt.transactionHash, blockNumber: receipt.blockNumber, gasUsed: receipt.gasUsed.toString() } : {}) },
    { reason: message },
  );

/** For the function's onFailure: a record whose run gave up ends failed with the cause. */
export const failAfterRetries = (id: string, message: string) => finalizeFailed(id, "processing_failed", message);
