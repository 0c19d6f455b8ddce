// Connect-mode chain writes: the one transaction record (lib/chain), made by the tenant's smart account as
// a user operation. The account's run (the "user_operation" submitter) builds the operation of its oldest
// unsent record and leaves it `awaiting_sign` for the owner (GET /v1/connect/ops/pending), or has a session
// key the owner granted for that call sign it at once; once signed it
// goes to the bundler, the follow function reads its receipt, and the record ends here with the same
// effects, events and webhooks as a custodial write. One operation of an account is open at a time, so
// records run in order and each operation's nonce and deployment state are those it will execute with.
import { concatHex, getAddress, getContractAddress, keccak256, parseEther, toHex, type Hex } from "viem";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/api/errors";
import { chainTarget, publicClient } from "@/lib/chain/clients";
import { findNetwork } from "@/lib/chain/networks";
import { CREATE2_DEPLOYER_ADDRESS } from "@/lib/chain/local-node";
import { ensureGas } from "@/lib/chain/gas";
import { finalize } from "@/lib/chain/finalize";
import { loadTransaction, unsentUserOperationRecords, type NewRecord, type WalletKey } from "@/lib/chain/records";
import { dispatchWallets } from "@/lib/chain/transactions";
import type { RelayOperation } from "@/lib/generated/prisma/client";
import { prepareUserOperation, signOp } from "./ops";
import { sessionSignerFor } from "./sessions";

/**
 * A smart account cannot CREATE from a call, so a contract creation becomes a call to the CREATE2
 * deployer (salt = the record's id); the address it will create is kept for the effect.
 */
export function asSmartAccountCall(record: NewRecord): NewRecord {
  if (record.toAddress) return record;
  const salt = keccak256(toHex(record.id));
  const created = getContractAddress({ opcode: "CREATE2", from: CREATE2_DEPLOYER_ADDRESS, salt, bytecode: record.data as Hex });
  return {
    ...record,
    toAddress: CREATE2_DEPLOYER_ADDRESS,
    data: concatHex([salt, record.data as Hex]),
    effect: { ...((record.effect as object | undefined) ?? {}), created_address: created },
  };
}

const OPEN_OPERATION = ["awaiting_sign", "pending"];

const ownerSignsInstead = (error: unknown): null => {
  if (error instanceof ApiError && error.code === "session_scope_exceeded") return null;
  throw error;
};
const LOCAL_GAS = parseEther("0.05");

/** The run of one smart account: settles what ended, then builds the next record's operation if none is open. */
export async function runUserOperations(sender: WalletKey, network: string): Promise<{ open: number }> {
  const ops = await db.relayOperation.findMany({ where: { sender: sender.from.toLowerCase(), transactionId: { not: null } }, orderBy: { id: "desc" }, take: 20 });
  for (const op of ops) if (!OPEN_OPERATION.includes(op.status)) await settleCarriedRecord(op, false);
  if (ops.some((op) => OPEN_OPERATION.includes(op.status))) return { open: 0 }; // its end wakes this run again

  const [record] = await unsentUserOperationRecords(sender);
  if (!record) return { open: 0 };
  const target = chainTarget(network);
  // On the local chain the platform pays the account's gas, as it tops up custodial wallets.
  if (target.isLocal) await ensureGas(target, getAddress(sender.from), LOCAL_GAS);
  const scope = { tenantId: record.tenantId, livemode: record.livemode };
  const chainId = String(findNetwork(network)!.chainId);
  const call = { to: getAddress(record.toAddress!), value: BigInt(record.value), data: record.data as Hex };
  try {
    // A server-held session key the owner granted for this call signs at once; otherwise the owner will.
    const session = await sessionSignerFor(scope, { address: sender.from, chainId }, call);
    const input = { address: sender.from, chain_id: chainId, calls: [call], transaction_id: record.id };
    const op = await prepareUserOperation(scope, { ...input, nonce_key: session?.nonceKey });
    if (session) {
      // The session checks the built operation (gas, paymaster) before signing. Out of its scope, the
      // unsigned operation (under the session's nonce key) is dropped and the owner gets one of its own.
      const signature = await session.sign(op.user_op_hash as Hex).catch(ownerSignsInstead);
      if (signature) await signOp(scope, op.user_op_hash, signature);
      else if ((await db.relayOperation.deleteMany({ where: { tenantId: scope.tenantId, livemode: scope.livemode, userOpHash: op.user_op_hash, status: "awaiting_sign" } })).count) {
        await prepareUserOperation(scope, input);
      }
    }
  } catch (error) {
    // The bundler's estimate failed: the call reverts as things are (a refused transfer, a missing role).
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    await finalize([{ id: record.id, failure: { code: "reverted", message: error.message } }]);
    await wake(record);
  }
  return { open: 0 };
}

const wake = (r: { fromAddress: string; chainKey: string; network: string }) =>
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
  if (wakeAfter) await wake(record);
}
