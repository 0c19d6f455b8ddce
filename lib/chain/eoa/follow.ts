// Following a wallet's sent records to their end: receipts of every open hash in one JSON-RPC batch,
// the network's confirmations, then all endings in one database transaction (committing while the run
// goes on to its next pass). A record without a receipt
// stays open, whatever the wait: its bytes are sent again now and then, and a stuck one is replaced with
// higher fees (same nonce) up to the network's cap.
import type { Address, Hex, TransactionReceipt } from "viem";
import type { Transaction } from "@/lib/generated/prisma/client";
import { publicClient, type ChainTarget } from "../clients";
import { confirmationsFor } from "../confirmations";
import { bumped, feesFor } from "../gas";
import { receiptOf } from "../evidence";
import { revertReason } from "../revert";
import { markFeeCapReached, storeReplacement, type WalletKey } from "../records";
import { finalize, type Ending } from "../finalize";
import { signRecord } from "./sign";
import { handleRefusal } from "./broadcast";

const resendAfterMs = () => Number(process.env.TX_RESEND_AFTER_SECONDS ?? 5) * 1000;
const stuckAfterMs = () => Number(process.env.TX_STUCK_AFTER_SECONDS ?? 90) * 1000;
// When each record's bytes last went out from this process (a restart just sends them once more).
const lastSent = new Map<string, number>();

async function ending(record: Transaction, receipt: TransactionReceipt, target: ChainTarget): Promise<Ending> {
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
  return { id: record.id, failure: { code: "execution_reverted", message: `The transaction reverted on chain: ${reason}`, receipt } };
}

/**
 * Same nonce, fees up by 25%, capped: the new signature replaces the stuck one. At the cap the record is marked
 * (the API and the console show it as stuck) and its bytes are sent again as they are; a cap raised since
 * (MAX_FEE_PER_GAS_GWEI_<NETWORK>) lets the next replacement through. Returns the record as it is now.
 */
async function replace(record: Transaction, target: ChainTarget, wallet: WalletKey): Promise<Transaction> {
  const fees = bumped(target, { maxFeePerGas: BigInt(record.maxFeePerGas!), maxPriorityFeePerGas: BigInt(record.maxPriorityFeePerGas!) });
  if (!fees) {
    if (!record.feeCapReachedAt) {
      const networkFee = (await feesFor(target).catch(() => null))?.maxFeePerGas ?? null;
      await markFeeCapReached(record.id, networkFee);
      record = { ...record, feeCapReachedAt: new Date(), feeCapNetworkFee: networkFee?.toString() ?? null };
    }
    await resend(record, target, wallet);
    return record;
  }
  const signed = await signRecord(record, target, record.nonce!, BigInt(record.gasLimit!), fees);
  await storeReplacement(signed);
  const replaced: Transaction = {
    ...record, rawTransaction: signed.raw, hash: signed.hash, hashes: [...record.hashes, signed.hash], submittedAt: new Date(), attempts: record.attempts + 1,
    maxFeePerGas: fees.maxFeePerGas.toString(), maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(), feeCapReachedAt: null, feeCapNetworkFee: null,
  };
  await resend(replaced, target, wallet);
  return replaced;
}

async function resend(record: Transaction, target: ChainTarget, wallet: WalletKey) {
  lastSent.set(record.id, Date.now());
  try {
    await publicClient(target.network.name).sendRawTransaction({ serializedTransaction: record.rawTransaction as Hex });
  } catch (error) {
    await handleRefusal(record, target, wallet, error);
  }
}

/**
 * Settles what can be settled (`known`: receipts already in hand, by record id); returns the ids it ended,
 * the records it replaced (their new signature and fees), and the endings' commit, which the caller need
 * not wait for before its next pass.
 */
export async function followSent(
  wallet: WalletKey,
  target: ChainTarget,
  sent: Transaction[],
  known: Map<string, TransactionReceipt> = new Map(),
): Promise<{ ended: string[]; replaced: Transaction[]; finalized: Promise<void> }> {
  if (!sent.length) return { ended: [], replaced: [], finalized: Promise.resolve() };
  const receipts = await Promise.all(sent.map((r) => known.get(r.id) ?? receiptOf(r)));
  const needed = BigInt(confirmationsFor(target.chainKey));
  const head = needed > 1n && receipts.some(Boolean) ? await publicClient(target.network.name).getBlockNumber({ cacheTime: 0 }) : 0n;
  const endings: Ending[] = [];
  const waiting: Transaction[] = [];
  for (let i = 0; i < sent.length; i++) {
    const receipt = receipts[i];
    if (receipt && (needed <= 1n || head - receipt.blockNumber + 1n >= needed)) endings.push(await ending(sent[i], receipt, target));
    else if (!receipt) waiting.push(sent[i]);
  }
  const finalized = finalize(endings);
  for (const id of endings.map((e) => e.id)) lastSent.delete(id);

  const now = Date.now();
  const replaced: Transaction[] = [];
  for (const record of waiting) {
    const age = now - (record.submittedAt?.getTime() ?? now);
    if (age > stuckAfterMs() && now - (lastSent.get(record.id) ?? 0) > resendAfterMs()) replaced.push(await replace(record, target, wallet));
    else if (now - (lastSent.get(record.id) ?? record.submittedAt?.getTime() ?? 0) > resendAfterMs()) await resend(record, target, wallet);
  }
  return { ended: endings.map((e) => e.id), replaced, finalized };
}
