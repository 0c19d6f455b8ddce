// Connect-mode chain writes: the one transaction record (lib/chain), made by the tenant's smart account as
// a user operation. The account's run (the "user_operation" submitter) builds the operation of its oldest
// unsent record and leaves it `awaiting_sign` for the owner (GET /v1/connect/ops/pending), or has a session
// key the owner granted for that call sign it at once; once signed it
// goes to the bundler, the follow function reads its receipt, and the record ends here with the same
// effects, events and webhooks as a custodial write. One operation of an account is open at a time, so
// records run in order and each operation's nonce and deployment state are those it will execute with.
import { concatHex, getAddress, getContractAddress, keccak256, parseEther, toHex, type Hex } from "viem";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import { chainTarget } from "@/lib/chain/network/clients";
import { listNetworks } from "@/lib/chain/network/networks";
import { CREATE2_DEPLOYER_ADDRESS } from "@/lib/chain/network/predeploys";
import { ensureGas } from "@/lib/chain/eoa/gas";
import { finalize } from "@/lib/chain/records/finalize";
import { unsentUserOperationRecords, type NewRecord, type WalletKey } from "@/lib/chain/records/statements";
import type { Submitter } from "@/lib/chain/registry/senders";
import { OPEN_OPERATION, settleCarriedRecord, wakeAccountRun } from "@/lib/connect/user-ops/carried-records";
import { prepareUserOperation, signOp } from "@/lib/connect/user-ops/prepare";
import { sessionSignerFor } from "@/lib/connect/sessions/signer";

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

const ownerSignsInstead = (error: unknown): null => {
  if (error instanceof ApiError && error.code === "session_scope_exceeded") return null;
  throw error;
};
const LOCAL_GAS = parseEther("0.05");

/** Chain ids of the networks the run's chain serves: one for a configured RPC, the test networks for the local chain. */
function chainIdsOn(chainKey: string): string[] {
  const served = listNetworks().filter((n) => {
    try {
      return chainTarget(n.name).chainKey === chainKey;
    } catch {
      return false; // unavailable here
    }
  });
  return served.map((n) => String(n.chainId));
}

/**
 * The run of one smart account on one chain: settles what ended, then builds the next record's operation if
 * none is open. It reads only the account's own tenant and mode on this chain: the same address on another
 * chain is another run, and another tenant or mode has another account (its salt, lib/connect/accounts/service.ts).
 */
export async function runUserOperations(sender: WalletKey, _network: string): Promise<{ open: number }> {
  const address = sender.from.toLowerCase();
  const chainIds = chainIdsOn(sender.chainKey);
  const owners = await db.connectAccount.findMany({ where: { address, chainId: { in: chainIds } }, select: { tenantId: true, livemode: true }, distinct: ["tenantId", "livemode"] });
  if (!owners.length) return { open: 0 }; // records are made only for registered accounts
  const ops = await db.relayOperation.findMany({
    where: { OR: owners, sender: address, chainId: { in: chainIds }, transactionId: { not: null } },
    orderBy: { id: "desc" },
    take: 20,
  });
  for (const op of ops) if (!OPEN_OPERATION.includes(op.status)) await settleCarriedRecord(op, false);
  if (ops.some((op) => OPEN_OPERATION.includes(op.status))) return { open: 0 }; // its end wakes this run again

  const [record] = await unsentUserOperationRecords(sender, owners);
  if (!record) return { open: 0 };
  const target = chainTarget(record.network);
  // On the local chain the platform pays the account's gas, as it tops up custodial wallets.
  if (target.isLocal) await ensureGas(target, getAddress(sender.from), LOCAL_GAS);
  const scope = { tenantId: record.tenantId, livemode: record.livemode };
  const chainId = String(target.network.chainId);
  const call = { to: getAddress(record.toAddress!), value: BigInt(record.value), data: record.data as Hex };
  try {
    // A server-held session key the owner granted for this call signs at once; otherwise the owner will.
    const session = await sessionSignerFor(scope, { address: sender.from, chainId }, call);
    const input = { address: sender.from, chain_id: chainId, calls: [call], transaction_id: record.id };
    // The session checks the built operation (gas, paymaster) before it is stored: out of its scope, nothing
    // is stored under the session's nonce key (no operation the owner is listed but never meant to sign), and
    // the owner gets one of its own.
    const op = session ? await prepareUserOperation(scope, { ...input, nonce_key: session.nonceKey }, session.refusal).catch(ownerSignsInstead) : null;
    if (!op) await prepareUserOperation(scope, input);
    else if (session) {
      // Checked again at signing (the key may be revoked meanwhile): then the stored operation is dropped for the owner's.
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
    await wakeAccountRun(record);
  }
  return { open: 0 };
}

/** The "user_operation" submitter (lib/connect/module.ts): a smart account's records, one operation at a time. */
export const userOperationSubmitter: Submitter = { run: runUserOperations, prepare: asSmartAccountCall };
