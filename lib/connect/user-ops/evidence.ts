// Exactly-once user operations, on the rule of the custodial path (lib/chain/records/evidence.ts): a record leaves
// `awaiting_sign` by a compare-and-set before the bundler is called, so a cancel cannot win after a send;
// after that, the bundler's answer only adds evidence. A `pending` operation ends only on what the chain
// says: its UserOperationEvent (the bundler's receipt, the EntryPoint's logs, or the log watcher), or its
// nonce used by another operation ("replaced"). A refusal ends it only when the nonce is still unused (the
// operation cannot have run). Everything else — timeout, 5xx, cut connection, "already known" — leaves it
// `pending`; sending the same signed operation again is safe (same hash, and the nonce runs once).
import { getAddress, parseAbiItem, type Address, type Hex, type PublicClient } from "viem";
import { db } from "@/lib/db";
import { chainTarget, publicClient } from "@/lib/chain/network/clients";
import { logSpan, logSpanWorked, shrinkLogSpan } from "@/lib/chain/watch/ranges";
import type { RelayOperation } from "@/lib/generated/prisma/client";
import { BundlerError, bundlerRpc } from "@/lib/connect/user-ops/bundler-rpc";
import { entryPointAbi } from "@/lib/connect/accounts/kernel-artifacts";

export const USER_OPERATION_EVENT = parseAbiItem(
  "event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)",
);

export type SendOutcome =
  | { kind: "accepted" }
  /** The request never reached the bundler (connection refused). */
  | { kind: "not_sent"; reason: string }
  /** The bundler refused this operation now; whether it ever ran is for the chain to say. */
  | { kind: "refused"; reason: string }
  | { kind: "unknown"; reason: string };

/** Answers that mean the bundler already holds (or is mining) this operation, though they come as errors. */
const HELD = /already known|already present|already being processed|already in (the )?mempool/i;

export async function sendUserOperation(record: Pick<RelayOperation, "network" | "entryPoint">, op: Record<string, string>): Promise<SendOutcome> {
  try {
    await bundlerRpc<Hex>(record.network, "eth_sendUserOperation", [op, getAddress(record.entryPoint)]);
    return { kind: "accepted" };
  } catch (error) {
    if (!(error instanceof BundlerError)) throw error;
    if (!error.delivered) return { kind: "not_sent", reason: error.message };
    if (error.code === null || HELD.test(error.message)) return { kind: "unknown", reason: error.message };
    return { kind: "refused", reason: error.message };
  }
}

export interface Execution {
  success: boolean;
  transactionHash: Hex;
  blockNumber: bigint;
  /** The block it ran in, when known: a reorganisation orphaning that block reopens the operation (./user-op-watch). */
  blockHash?: Hex | null;
  actualGasCost: bigint;
  actualGasUsed: bigint;
  reason?: string | null;
}

export type Evidence = { kind: "executed"; execution: Execution } | { kind: "replaced" } | { kind: "unused" };

const SEQUENCE = (1n << 64n) - 1n;

/**
 * What the chain says of the operation, read at one block: executed (its UserOperationEvent), replaced (its
 * nonce used without it), or unused (its nonce not used yet). Throws when the chain cannot be read.
 */
export async function chainEvidence(record: Pick<RelayOperation, "network" | "entryPoint" | "sender" | "nonce" | "userOpHash" | "submittedBlock">): Promise<Evidence> {
  const client = publicClient(record.network);
  const entryPoint = getAddress(record.entryPoint);
  const nonce = BigInt(record.nonce);
  const blockNumber = await client.getBlockNumber({ cacheTime: 0 });
  // The nonce first, then the logs up to the same block: an operation mined in between is seen by both.
  const next = await client.readContract({ address: entryPoint, abi: entryPointAbi, functionName: "getNonce", args: [getAddress(record.sender), nonce >> 64n], blockNumber });
  if ((next & SEQUENCE) <= (nonce & SEQUENCE)) return { kind: "unused" }; // not run: its nonce would be used
  const log = await userOperationEventLog(client, chainTarget(record.network).chainKey, entryPoint, record.userOpHash as Hex, record.submittedBlock, blockNumber);
  if (!log) return { kind: "replaced" };
  return {
    kind: "executed",
    execution: {
      success: log.args.success!,
      transactionHash: log.transactionHash!,
      blockNumber: log.blockNumber!,
      blockHash: log.blockHash,
      actualGasCost: log.args.actualGasCost!,
      actualGasUsed: log.args.actualGasUsed!,
    },
  };
}

/** Blocks before the submission block that are scanned too (a head read from a lagging RPC node). */
const SCAN_MARGIN_BLOCKS = 128n;

/**
 * The operation's UserOperationEvent, topic-filtered by its hash, in bounded ranges (hosted RPCs refuse a
 * range from block 0, or over a few thousand blocks): newest range first, back to the block the operation was
 * submitted at, less a margin (it cannot have run earlier). A record from before submitted_block was kept
 * is scanned back to block 0, range by range. Throws when the chain cannot be read.
 */
async function userOperationEventLog(client: PublicClient, chainKey: string, entryPoint: Address, userOpHash: Hex, submittedBlock: bigint | null, head: bigint) {
  // Block 0 never holds one, and some RPCs refuse any range that starts there.
  const floor = submittedBlock === null || submittedBlock <= SCAN_MARGIN_BLOCKS ? 1n : submittedBlock - SCAN_MARGIN_BLOCKS;
  for (let end = head; end >= floor; ) {
    const span = logSpan(chainKey);
    const start = end - span + 1n > floor ? end - span + 1n : floor;
    let logs;
    try {
      logs = await client.getLogs({ address: entryPoint, event: USER_OPERATION_EVENT, args: { userOpHash }, fromBlock: start, toBlock: end });
    } catch (error) {
      if (shrinkLogSpan(chainKey, span, error)) continue;
      throw error;
    }
    logSpanWorked(chainKey, span);
    if (logs.length) return logs[0];
    if (start === floor) return undefined;
    end = start - 1n;
  }
  return undefined;
}

interface RpcReceipt {
  success: boolean;
  reason?: Hex | null;
  actualGasCost: Hex;
  actualGasUsed: Hex;
  receipt: { transactionHash: Hex; blockNumber: Hex; blockHash?: Hex };
}

/** The bundler's receipt as an execution, null while it has none (or cannot be asked). */
export async function receiptExecution(record: Pick<RelayOperation, "network" | "userOpHash">): Promise<Execution | null> {
  const receipt = await bundlerRpc<RpcReceipt | null>(record.network, "eth_getUserOperationReceipt", [record.userOpHash]).catch(() => null);
  if (!receipt) return null;
  return {
    success: receipt.success,
    transactionHash: receipt.receipt.transactionHash,
    blockNumber: BigInt(receipt.receipt.blockNumber),
    blockHash: receipt.receipt.blockHash ?? null,
    actualGasCost: BigInt(receipt.actualGasCost),
    actualGasUsed: BigInt(receipt.actualGasUsed),
    reason: receipt.reason,
  };
}

/** pending → confirmed/failed by its execution (a no-op when no longer pending); returns the record. */
export async function settleExecuted(id: string, execution: Execution): Promise<RelayOperation> {
  const reason = execution.success ? null : `the user operation reverted${execution.reason && execution.reason !== "0x" ? ` (${execution.reason})` : ""}`;
  await db.relayOperation.updateMany({
    where: { id, status: "pending" },
    data: {
      status: execution.success ? "confirmed" : "failed",
      success: execution.success,
      transactionHash: execution.transactionHash,
      blockNumber: execution.blockNumber.toString(),
      blockHash: execution.blockHash ?? null,
      actualGasCost: execution.actualGasCost.toString(),
      actualGasUsed: execution.actualGasUsed.toString(),
      failureReason: reason,
      confirmedAt: new Date(),
    },
  });
  return db.relayOperation.findUniqueOrThrow({ where: { id } });
}

/** pending → failed, only on evidence that it did not and cannot run. */
export async function settleNotRun(id: string, reason: string): Promise<RelayOperation> {
  await db.relayOperation.updateMany({ where: { id, status: "pending" }, data: { status: "failed", success: null, failureReason: reason, confirmedAt: new Date() } });
  return db.relayOperation.findUniqueOrThrow({ where: { id } });
}

/** Settles by the evidence if it ends the operation; `unused` leaves it as it is. */
export async function settleBy(record: RelayOperation, evidence: Evidence, refusal?: string): Promise<RelayOperation> {
  if (evidence.kind === "executed") return settleExecuted(record.id, evidence.execution);
  if (evidence.kind === "replaced") return settleNotRun(record.id, `its nonce was used by another user operation${refusal ? ` (bundler: ${refusal})` : ""}`);
  return record;
}

/** Resend a pending operation the chain has no answer for after this long (same signed operation). */
const RESEND_AFTER_MS = 5_000;

/**
 * One step of following a pending operation: the receipt or the chain's evidence ends it; an operation
 * the chain knows nothing of is sent again (at most every few seconds), and a refusal with its nonce
 * still unused fails it. Returns the record as it is now.
 */
export async function advancePending(record: RelayOperation): Promise<RelayOperation> {
  if (record.status !== "pending") return record;
  const receipt = await receiptExecution(record);
  if (receipt) return settleExecuted(record.id, receipt);
  const evidence = await chainEvidence(record);
  if (evidence.kind !== "unused") return settleBy(record, evidence);
  if (record.submittedAt && Date.now() - record.submittedAt.getTime() < RESEND_AFTER_MS) return record;
  const { count } = await db.relayOperation.updateMany({ where: { id: record.id, status: "pending", submittedAt: record.submittedAt }, data: { submittedAt: new Date() } });
  if (!count) return db.relayOperation.findUniqueOrThrow({ where: { id: record.id } }); // another follower sends
  const outcome = await sendUserOperation(record, record.userOperation as Record<string, string>);
  if (outcome.kind !== "refused") return db.relayOperation.findUniqueOrThrow({ where: { id: record.id } });
  const after = await chainEvidence(record);
  if (after.kind !== "unused") return settleBy(record, after, outcome.reason);
  return settleNotRun(record.id, `rejected by the bundler: ${outcome.reason}`);
}
