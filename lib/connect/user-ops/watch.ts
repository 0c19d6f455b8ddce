// The log watcher's side of exactly-once user operations: the EntryPoint's UserOperationEvent is followed on
// each chain a user operation was sent on (lib/chain/watch/subscriptions.ts), and each such log ends the
// pending records of its userOpHash (the hash names chain and EntryPoint, so it is one operation). A log whose
// block a reorganisation orphaned (`removed`) reopens the records it ended, and the transaction records they
// carried (transaction.reorged): the operation is followed again until the chain ends it anew.
import { getAddress } from "viem";
import { reopen } from "@/lib/chain/records/finalize";
import { loadTransaction } from "@/lib/chain/records/statements";
import { db } from "@/lib/db";
import { chainTarget } from "@/lib/chain/network/clients";
import { watchLogsOnce } from "@/lib/chain/watch/subscriptions";
import type { ChainLogEventData } from "@/lib/chain/watch/watcher";
import { settleExecuted, USER_OPERATION_EVENT } from "@/lib/connect/user-ops/evidence";
import { wakeAccountRun } from "@/lib/connect/user-ops/carried-records";

/** Subscribes to the EntryPoint's UserOperationEvent on the network's chain, once. */
export async function watchUserOperations(network: string, entryPoint: string) {
  await watchLogsOnce({ chainKey: chainTarget(network).chainKey, address: getAddress(entryPoint), event: USER_OPERATION_EVENT });
}

interface UserOperationEventArgs {
  userOpHash: string;
  success: boolean;
  actualGasCost: string;
  actualGasUsed: string;
}

/** A UserOperationEvent seen by the watcher: its pending records end with it; returns them as they ended. */
export async function settleFromUserOperationEvent(data: ChainLogEventData) {
  const args = data.args as UserOperationEventArgs;
  const records = await db.relayOperation.findMany({ where: { userOpHash: args.userOpHash.toLowerCase(), status: "pending" } });
  const settled = [];
  for (const record of records) {
    settled.push(await settleExecuted(record.id, {
      success: args.success,
      transactionHash: data.transaction_hash as `0x${string}`,
      blockNumber: BigInt(data.block_number),
      blockHash: data.block_hash as `0x${string}`,
      actualGasCost: BigInt(args.actualGasCost),
      actualGasUsed: BigInt(args.actualGasUsed),
    }));
  }
  return settled;
}

/**
 * A UserOperationEvent whose block was orphaned: the records it ended (their block hash is its) are pending
 * again, and a transaction record one carried is reopened; returns the records reopened. A record the new
 * branch's log already ended again has another block hash and stays as it is.
 */
export async function reopenFromRemovedUserOperationEvent(data: ChainLogEventData) {
  const args = data.args as UserOperationEventArgs;
  const where = { userOpHash: args.userOpHash.toLowerCase(), blockHash: data.block_hash, status: { in: ["confirmed", "failed"] } };
  const records = await db.relayOperation.findMany({ where });
  const reopened = [];
  for (const record of records) {
    const { count } = await db.relayOperation.updateMany({
      where: { id: record.id, ...where },
      data: { status: "pending", success: null, transactionHash: null, blockNumber: null, blockHash: null, actualGasCost: null, actualGasUsed: null, failureReason: null, confirmedAt: null },
    });
    if (!count) continue;
    reopened.push(record.id);
    if (!record.transactionId) continue;
    const carried = await loadTransaction(record.transactionId);
    if (carried.blockHash !== data.block_hash) continue; // not ended by this block (or ended again since)
    if ((await reopen([carried])).length) await wakeAccountRun(carried);
  }
  return reopened;
}
