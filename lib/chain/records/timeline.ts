// A record's timeline (GET /v1/transactions/{id}, the console's transaction page): every signature sent for
// it (./attempts, in the order they were signed) and, for a user operation, what the bundler answered (the
// relay operation that carries it). Confirmations are counted from the network's head at the read.
import { hotQuery } from "@/lib/db";
import { selectList } from "@/lib/db/columns";
import { unixSeconds } from "@/lib/core/ids";
import type { Transaction } from "@/lib/generated/prisma/client";
import { chainHead, confirmationsAt } from "@/lib/chain/network/read";

const ATTEMPT_COLUMNS = selectList(
  ["hash", "nonce", "kind", "gasLimit", "maxFeePerGas", "maxPriorityFeePerGas", "replacedBy", "blockNumber", "gasUsed", "effectiveGasPrice", "revertReason", "reorgedFromBlock"],
  ["signedAt", "sentAt", "droppedAt", "minedAt"],
);
const OPERATION_COLUMNS = selectList(
  ["userOpHash", "status", "transactionHash", "blockNumber", "success", "actualGasCost", "actualGasUsed", "failureReason"],
  ["createdAt", "submittedAt", "confirmedAt"],
);

type Row = Record<string, unknown>;
const seconds = (value: unknown) => (value instanceof Date ? unixSeconds(value) : null);
const blockOf = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** What became of a signature, from its row and its record. */
function attemptStatus(a: Row, record: Transaction) {
  if (a.blockNumber !== null) {
    const reverted = a.revertReason !== null || (record.errorCode === "execution_reverted" && record.hash === a.hash);
    return reverted ? ("reverted" as const) : ("mined" as const);
  }
  if (a.replacedBy !== null) return "replaced" as const;
  if (a.droppedAt !== null || record.status === "confirmed" || record.status === "failed") return "dropped" as const;
  return a.sentAt !== null ? ("sent" as const) : ("signed" as const);
}

/** The record's timeline, oldest entry first. */
export async function timelineOf(record: Transaction) {
  const [attempts, operations] = await Promise.all([
    hotQuery("transaction_attempts_of", `SELECT ${ATTEMPT_COLUMNS} FROM transaction_attempts WHERE transaction_id = $1`, [record.id]),
    record.submitter === "user_operation"
      ? hotQuery("relay_operations_of_record", `SELECT ${OPERATION_COLUMNS} FROM connect_relay_operations WHERE transaction_id = $1 ORDER BY id`, [record.id])
      : Promise.resolve({ rows: [] as Row[] }),
  ]);
  const order = (hash: unknown) => {
    const i = record.hashes.indexOf(hash as string);
    return i < 0 ? Infinity : i;
  };
  const rows = [...attempts.rows].sort((a, b) => order(a.hash) - order(b.hash) || Number(a.signedAt) - Number(b.signedAt));
  const mined = rows.some((a) => a.blockNumber !== null) || operations.rows.some((o) => o.blockNumber !== null);
  const head = mined ? await chainHead(record.network) : null;
  return [
    ...rows.map((a) => ({
      type: "attempt" as const,
      hash: a.hash as string,
      nonce: a.nonce as number,
      kind: a.kind as "call" | "cancel",
      status: attemptStatus(a, record),
      gas_limit: a.gasLimit as string | null,
      max_fee_per_gas: a.maxFeePerGas as string | null,
      max_priority_fee_per_gas: a.maxPriorityFeePerGas as string | null,
      signed_at: seconds(a.signedAt)!,
      sent_at: seconds(a.sentAt),
      replaced_by: a.replacedBy as string | null,
      block_number: blockOf(a.blockNumber),
      confirmations: confirmationsAt(blockOf(a.blockNumber), head),
      gas_used: a.gasUsed as string | null,
      effective_gas_price: a.effectiveGasPrice as string | null,
      revert_reason: (a.revertReason as string | null) ?? (attemptStatus(a, record) === "reverted" ? record.errorMessage : null),
      reorged_from_block: blockOf(a.reorgedFromBlock),
    })),
    ...operations.rows.map((o) => ({
      type: "user_operation" as const,
      user_op_hash: o.userOpHash as string,
      status: o.status as string,
      transaction_hash: o.transactionHash as string | null,
      block_number: blockOf(o.blockNumber),
      confirmations: confirmationsAt(blockOf(o.blockNumber), head),
      success: o.success as boolean | null,
      actual_gas_cost: o.actualGasCost as string | null,
      actual_gas_used: o.actualGasUsed as string | null,
      failure_reason: o.failureReason as string | null,
      created_at: seconds(o.createdAt)!,
      submitted_at: seconds(o.submittedAt),
      confirmed_at: seconds(o.confirmedAt),
    })),
  ];
}

export type TimelineEntry = Awaited<ReturnType<typeof timelineOf>>[number];
