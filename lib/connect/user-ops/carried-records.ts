// The end of a connect-mode chain write: when the user operation that carried a transaction record ends
// (confirmed, failed or cancelled), the record ends with it, with the same effects, events and webhooks as a
// custodial write, and the account's run is woken for its next record. Used by the operations' own paths
// (sign, cancel: ./ops), by the account's run (./user-operations) and by the functions that follow them.
import type { Hex } from "viem";
import { publicClient } from "@/lib/chain/network/clients";
import { finalize } from "@/lib/chain/records/finalize";
import { loadTransaction } from "@/lib/chain/records/statements";
import { dispatchWallets } from "@/lib/chain/intake";
import type { RelayOperation } from "@/lib/generated/prisma/client";

/** An operation in these states may still execute: its record waits. */
export const OPEN_OPERATION = ["awaiting_sign", "pending"];

export const wakeAccountRun = (r: { fromAddress: string; chainKey: string; network: string }) =>
  dispatchWallets([{ fromAddress: r.fromAddress, chainKey: r.chainKey, network: r.network, submitter: "user_operation" }]);

/** Ends the record an ended operation carried (a no-op once it has); then the account's next record may go. */
export async function settleCarriedRecord(op: RelayOperation, wakeAfter = true) {
  if (!op.transactionId || OPEN_OPERATION.includes(op.status)) return;
  const record = await loadTransaction(op.transactionId);
  if (record.status === "confirmed" || record.status === "failed") return;
  if (op.status === "confirmed" && op.transactionHash) {
    const receipt = await publicClient(op.network).getTransactionReceipt({ hash: op.transactionHash as Hex });
    const created = (record.effect as { created_address?: `0x${string}` } | null)?.created_address;
    await finalize([{ id: record.id, receipt: created ? { ...receipt, contractAddress: created } : receipt }]);
  } else {
    const code = op.status === "cancelled" ? "cancelled" : "user_operation_failed";
    const message = op.status === "cancelled" ? "The owner cancelled the user operation before signing it." : (op.failureReason ?? "The user operation failed.");
    await finalize([{ id: record.id, failure: { code, message } }]);
  }
  if (wakeAfter) await wakeAccountRun(record);
}
