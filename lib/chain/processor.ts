// The steps of the one transaction path, run by inngest/functions/process-transaction.ts:
//   send    — estimate (a revert here fails the record at once), fund gas on test chains, take a nonce and
//             sign in one database transaction, broadcast. A crash after signing re-broadcasts the same bytes.
//   confirm — wait for the receipt and confirmations (replacing a stuck transaction with higher fees),
//             then mark confirmed/failed, run the kind's effect and emit events in one database transaction.
import { parseEther, formatEther, keccak256, type Address, type Hex, type TransactionReceipt, BaseError } from "viem";
import { db } from "@/lib/db";
import { emit } from "@/lib/webhooks/emit";
import type { Transaction } from "@/lib/generated/prisma/client";
import { chainTarget, publicClient, type ChainTarget } from "./clients";
import { signerFor } from "./wallets";
import { seedNonce, takeNonce, resyncNonce } from "./nonces";
import { isRevert, revertReason } from "./revert";
import { effectFor } from "./effects";
import { serializeTransaction } from "./transactions";

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

const load = (id: string) => db.transaction.findUniqueOrThrow({ where: { id } });

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
  let record = await load(id);
  if (FINAL.has(record.status)) return record.status as Outcome;
  const target = chainTarget(record.network);
  if (!record.rawTransaction) {
    const signed = await signNew(record, target);
    if (signed === "failed") return "failed";
    record = signed;
  }
  if (record.status === "pending") {
    try {
      await broadcastBacklog(record.fromAddress as Address, target);
    } catch (error) {
      if (error instanceof NonceConflict) await recoverNonceConflict(error, record.network);
      throw error; // the step is retried
    }
  }
  // A chain that mines at once (the local one) has the receipt already: settle in this step, saving a round.
  if (target.isLocal) {
    const receipt = await receiptOf(await load(id));
    if (receipt) {
      try {
        return await settle(await load(id), receipt);
      } catch (error) {
        if (!(error instanceof NotMinedYet)) throw error;
      }
    }
  }
  return "submitted";
}

/**
 * Broadcasts every signed, unsent transaction of the wallet on this chain in nonce order, under a
 * per-wallet lock: nodes reject (or park) a nonce that arrives before its predecessor, and runs finish
 * signing in any order. Whoever holds the lock sends the whole backlog, including a crashed run's.
 */
async function broadcastBacklog(from: Address, target: ChainTarget) {
  await db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`broadcast:${from}:${target.chainKey}`}))`;
      const backlog = await tx.$queryRaw<Transaction[]>`
        UPDATE transactions SET status = 'submitted', submitted_at = now(), attempts = attempts + 1, updated_at = now()
        WHERE from_address = ${from} AND chain_key = ${target.chainKey} AND status = 'pending' AND raw_transaction IS NOT NULL
        RETURNING id, nonce, hashes, network, raw_transaction AS "rawTransaction", from_address AS "fromAddress"`;
      backlog.sort((a, b) => a.nonce! - b.nonce!);
      for (const record of backlog) await broadcast(record, target);
    },
    { timeout: 60_000, maxWait: 60_000 },
  );
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
  let balance = await client.getBalance({ address: from, blockTag: "pending" });
  if (balance < needed && target.isLocal) {
    // The platform funder of the local chain: give the tenant wallet gas at once.
    await client.request({ method: "hardhat_setBalance" as never, params: [from, `0x${(balance + LOCAL_TOP_UP).toString(16)}`] as never });
    balance += LOCAL_TOP_UP;
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

  const account = await signerFor(record.tenantId);
  await seedNonce(db, client, from, target.chainKey);
  return db.$transaction(async (tx) => {
    const current = await tx.transaction.findUniqueOrThrow({ where: { id: record.id } });
    if (current.rawTransaction) return current; // another run signed it first
    const nonce = await takeNonce(tx, from, target.chainKey);
    const raw = await account.signTransaction({
      type: "eip1559",
      chainId: target.chain.id,
      nonce,
      to: call.to ?? null,
      data: call.data,
      value: call.value,
      gas: gasLimit,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    const hash = keccak256(raw);
    return tx.transaction.update({
      where: { id: record.id },
      data: {
        nonce,
        hash,
        hashes: { push: hash },
        rawTransaction: raw,
        gasLimit: gasLimit.toString(),
        maxFeePerGas: fees.maxFeePerGas.toString(),
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
      },
    });
  });
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
    const record = await load(id);
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
  const head = await client.getBlockNumber({ cacheTime: 0 });
  if (head - receipt.blockNumber + 1n < needed) throw new NotMinedYet(`${record.id} has ${head - receipt.blockNumber + 1n}/${needed} confirmations`);
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
  const account = await signerFor(record.tenantId);
  const maxFeePerGas = (BigInt(record.maxFeePerGas!) * 125n) / 100n;
  const maxPriorityFeePerGas = (BigInt(record.maxPriorityFeePerGas!) * 125n) / 100n;
  const raw = await account.signTransaction({
    type: "eip1559",
    chainId: target.chain.id,
    nonce: record.nonce!,
    to: (record.toAddress ?? null) as Address | null,
    data: record.data as Hex,
    value: BigInt(record.value),
    gas: BigInt(record.gasLimit!),
    maxFeePerGas,
    maxPriorityFeePerGas,
  });
  const hash = keccak256(raw);
  const updated = await db.transaction.update({
    where: { id: record.id },
    data: { hash, hashes: { push: hash }, rawTransaction: raw, maxFeePerGas: maxFeePerGas.toString(), maxPriorityFeePerGas: maxPriorityFeePerGas.toString(), submittedAt: new Date(), attempts: { increment: 1 } },
  });
  await broadcast(updated, target);
}

async function finalizeConfirmed(id: string, receipt: TransactionReceipt) {
  await db.$transaction(async (tx) => {
    const moved = await tx.transaction.updateMany({
      where: { id, status: { in: ["pending", "submitted"] } },
      data: {
        status: "confirmed",
        hash: receipt.transactionHash,
        blockNumber: receipt.blockNumber,
        gasUsed: receipt.gasUsed.toString(),
        contractAddress: receipt.contractAddress ?? null,
        confirmedAt: new Date(),
      },
    });
    if (!moved.count) return; // finalized by another run
    const record = await tx.transaction.findUniqueOrThrow({ where: { id } });
    await effectFor(record.kind)?.onConfirmed?.({ tx: record, receipt, db: tx });
    await emit(record.tenantId, "transaction.confirmed", serializeTransaction(record), tx);
  });
}

async function finalizeFailed(id: string, code: string, message: string, receipt?: TransactionReceipt) {
  await db.$transaction(async (tx) => {
    const moved = await tx.transaction.updateMany({
      where: { id, status: { in: ["pending", "submitted"] } },
      data: {
        status: "failed",
        errorCode: code,
        errorMessage: message,
        ...(receipt ? { hash: receipt.transactionHash, blockNumber: receipt.blockNumber, gasUsed: receipt.gasUsed.toString() } : {}),
      },
    });
    if (!moved.count) return;
    const record = await tx.transaction.findUniqueOrThrow({ where: { id } });
    await effectFor(record.kind)?.onFailed?.({ tx: record, reason: message, db: tx });
    await emit(record.tenantId, "transaction.failed", serializeTransaction(record), tx);
  });
}

/** For the function's onFailure: a record whose run gave up ends failed with the cause. */
export const failAfterRetries = (id: string, message: string) => finalizeFailed(id, "processing_failed", message);
