// The log watcher's side of exactly-once user operations: the EntryPoint's UserOperationEvent is followed on
// each chain a user operation was sent on (lib/chain/log-subscriptions.ts), and each such log ends the
// pending records of its userOpHash (the hash names chain and EntryPoint, so it is one operation).
import { getAddress } from "viem";
import { db } from "@/lib/db";
import { chainTarget } from "@/lib/chain/clients";
import { watchLogsOnce } from "@/lib/chain/log-subscriptions";
import type { ChainLogEventData } from "@/lib/chain/watcher";
import { settleExecuted, USER_OPERATION_EVENT } from "./user-op-evidence";

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
      actualGasCost: BigInt(args.actualGasCost),
      actualGasUsed: BigInt(args.actualGasUsed),
    }));
  }
  return settled;
}
