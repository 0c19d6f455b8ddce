// Following a wallet's sent records to their end: receipts of every open hash in one JSON-RPC batch,
// the network's confirmations, then all endings in one database transaction (committing while the run
// goes on to its next pass). A record without a receipt stays open, whatever the wait: its bytes are sent
// again now and then, and a signature not mined after FEE_BUMP_BLOCKS_<NETWORK> new blocks is replaced with
// higher fees (same nonce) up to the network's cap (../gas: the schedule).
import type { Address, Hex, TransactionReceipt } from "viem";
import type { Transaction } from "@/lib/generated/prisma/client";
import { publicClient, type ChainTarget } from "@/lib/chain/network/clients";
import { confirmationsFor } from "@/lib/chain/network/confirmations";
import { bumpAfterBlocks, bumped, feesFor } from "@/lib/chain/eoa/gas";
import { receiptOf } from "@/lib/chain/records/evidence";
import { revertReason } from "@/lib/chain/records/revert";
import { markFeeCapReached, storeReplacement, type WalletKey } from "@/lib/chain/records/statements";
import { finalize, type Ending } from "@/lib/chain/records/finalize";
import { signNoop, signRecord } from "./sign";
import { handleRefusal } from "./broadcast";

const resendAfterMs = () => Number(process.env.TX_RESEND_AFTER_SECONDS ?? 5) * 1000;
// When each record's bytes last went out from this process (a restart just sends them once more).
const lastSent = new Map<string, number>();
// The head at which this process first saw a record's current signature unmined (by record id): the bump
// schedule counts blocks from there. A restart, or a receipt lost to a reorg, starts the count again.
const unminedSince = new Map<string, { hash: string; head: bigint }>();

/** Whether the mined hash is one of the record's cancel no-ops (every signature from the first no-op on is one). */
const isNoop = (record: Transaction, hash: string) =>
  record.cancelHash !== null && record.hashes.indexOf(hash) >= record.hashes.indexOf(record.cancelHash);

async function ending(record: Transaction, receipt: TransactionReceipt, target: ChainTarget): Promise<Ending> {
  if (isNoop(record, receipt.transactionHash)) {
    const message = `Cancelled: its 0-value self-transfer was mined at its nonce (block ${receipt.blockNumber}); the call never ran.`;
    return { id: record.id, failure: { code: "cancelled", message, receipt } };
  }
  if (receipt.status === "success") return { id: record.id, receipt, record };
  let reason = "execution reverted";
  try {
    await publicClient(target.network.name).call({
      account: record.fromAddress as Address,
      to: (record.toAddress ?? undefined) as Address | undefined,
      data: record.data as Hex,
      value: BigInt(record.value),
      blockNumber: receipt.blockNumber - 1n,
    });
  } catch (error) {
    reason = revertReason(error);
  }
  return { id: record.id, failure: { code: "execution_reverted", message: `The transaction reverted on chain: ${reason}`, receipt, revertReason: reason } };
}

/**
 * Same nonce, fees raised on the schedule (../gas bumped), capped: the new signature replaces the unmined one.
 * At the cap the record is marked (the API and the console show it as stuck) and its bytes are sent again as
 * they are; a cap raised since (MAX_FEE_PER_GAS_GWEI_<NETWORK>) or fees that fell let the next replacement
 * through. Returns the record as it is now.
 */
async function replace(record: Transaction, target: ChainTarget, wallet: WalletKey): Promise<Transaction> {
  const network = await feesFor(target);
  const fees = bumped(target, { maxFeePerGas: BigInt(record.maxFeePerGas!), maxPriorityFeePerGas: BigInt(record.maxPriorityFeePerGas!) }, network);
  if (!fees) {
    if (!record.feeCapReachedAt) {
      await markFeeCapReached([record.id], network.maxFeePerGas);
      record = { ...record, feeCapReachedAt: new Date(), feeCapNetworkFee: network.maxFeePerGas.toString() };
    }
    await resend(record, target, wallet);
    return record;
  }
  const signed = record.cancelHash ? await signNoop(record, target, fees) : await signRecord(record, target, record.nonce!, BigInt(record.gasLimit!), fees);
  await storeReplacement(signed);
  const replaced: Transaction = {
    ...record, rawTransaction: signed.raw, hash: signed.hash, hashes: [...record.hashes, signed.hash], submittedAt: new Date(), attempts: record.attempts + 1,
    maxFeePerGas: fees.maxFeePerGas.toString(), maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(), feeCapReachedAt: null, feeCapNetworkFee: null,
  };
  await resend(replaced, target, wallet);
  return replaced;
}

export async function resend(record: Transaction, target: ChainTarget, wallet: WalletKey) {
  lastSent.set(record.id, Date.now());
  try {
    await publicClient(target.network.name).sendRawTransaction({ serializedTransaction: record.rawTransaction as Hex });
  } catch (error) {
    await handleRefusal(record, target, wallet, error);
  }
}

/**
 * Settles what can be settled (`known`: receipts already in hand, by record id); returns the ids it ended,
 * the ids mined but short of their confirmations, the records it replaced (their new signature and fees), and
 * the endings' commit, which the caller need not wait for before its next pass.
 */
export async function followSent(
  wallet: WalletKey,
  target: ChainTarget,
  sent: Transaction[],
  known: Map<string, TransactionReceipt> = new Map(),
): Promise<{ ended: string[]; mined: string[]; replaced: Transaction[]; finalized: Promise<void> }> {
  if (!sent.length) return { ended: [], mined: [], replaced: [], finalized: Promise.resolve() };
  const receipts = await Promise.all(sent.map((r) => known.get(r.id) ?? receiptOf(r)));
  const needed = BigInt(confirmationsFor(target.chainKey));
  const unmined = sent.filter((_, i) => !receipts[i]);
  const head = (needed > 1n && receipts.some(Boolean)) || unmined.length ? await publicClient(target.network.name).getBlockNumber({ cacheTime: 0 }) : 0n;
  const endings: Ending[] = [];
  const mined: string[] = [];
  for (let i = 0; i < sent.length; i++) {
    const receipt = receipts[i];
    if (receipt) unminedSince.delete(sent[i].id);
    if (receipt && (needed <= 1n || head - receipt.blockNumber + 1n >= needed)) endings.push(await ending(sent[i], receipt, target));
    else if (receipt) mined.push(sent[i].id);
  }
  const finalized = finalize(endings);
  for (const id of endings.map((e) => e.id)) lastSent.delete(id);

  const now = Date.now();
  const bumpAfter = bumpAfterBlocks(target);
  const replaced: Transaction[] = [];
  for (const record of unmined) {
    let since = unminedSince.get(record.id);
    if (since?.hash !== record.hash) unminedSince.set(record.id, (since = { hash: record.hash!, head }));
    if (head - since.head >= bumpAfter) {
      const after = await replace(record, target, wallet);
      replaced.push(after);
      if (after.hash === record.hash) since.head = head; // at the cap: the next try after as many blocks again
    } else if (now - (lastSent.get(record.id) ?? record.submittedAt?.getTime() ?? 0) > resendAfterMs()) await resend(record, target, wallet);
  }
  return { ended: endings.map((e) => e.id), mined, replaced, finalized };
}
