// Safe transactions of a multisig: proposals stored with their safeTxHash and txIndex, approvals by the
// acting account (approveHash), executions with the owners' signatures (execTransaction, sent by the acting
// account on the one transaction path), and owner changes, each a Safe transaction to the Safe itself.
// Whatever the Safe would refuse is answered 400 with its GS code before anything is recorded: the
// execution is first run as an eth_call from the acting account.
import { encodeFunctionData, getAddress, type Address, type Hex } from "viem";
import type { z } from "zod";
import { db, type Queryable } from "@/lib/db";
import { invalidRequest, notFound } from "@/lib/core/errors";
import { paginate } from "@/lib/core/pagination";
import { chainTarget, publicClient } from "@/lib/chain/network/clients";
import { chainUnavailable } from "@/lib/chain/network/read";
import { isRevert, revertReason } from "@/lib/chain/records/revert";
import { serializeTransaction, writeOnce } from "@/lib/chain/intake";
import { actingFor } from "@/lib/connect/settings/wallet-mode";
import type { MultisigTransaction } from "@/lib/generated/prisma/client";
import type {
  AddOwnerInput, ChangeThresholdInput, ConfirmMultisigTxInput, ExecuteMultisigTxInput, ListMultisigTxQuery, RemoveOwnerInput, SubmitMultisigTxInput, SwapOwnerInput,
} from "@/lib/schemas/multisig";
import type { Scope } from "@/lib/core/scope";
import type { MultisigEffect } from "./effects";
import { MULTISIG_TX_COLUMNS, multisigTxId, serializeMultisigTx, type MultisigTxKind } from "./records";
import { execTransactionData, SAFE_ERRORS, safeAbi, safeErrorCode, safeTxHash, SENTINEL, type SafeTx } from "./safe-tx";
import { deployedMultisig, findMultisig, readSafe, type DeployedMultisig } from "./service";
import { approvedHashSignature, encodeSignatures, parseSignatures, SignatureFormatError } from "./signatures";

const safeRefusal = (code: string, detail: string, param?: string) => invalidRequest(code, `${code}: ${SAFE_ERRORS[code] ?? "Safe revert"}. ${detail}`.trim(), param);

/** The chain id the Safe sees (the local chain's own id where it serves a test network). */
export const chainIdOf = (network: string) => chainTarget(network).chain.id;
const hashOf = (row: DeployedMultisig, tx: SafeTx) => safeTxHash(chainIdOf(row.network), row.address, tx);

export async function findTx(scope: Scope, id: string, txIndex: number) {
  const multisig = await findMultisig(scope, id);
  const row = await db.multisigTransaction.findFirst({ where: { multisigId: multisig.id, txIndex } });
  if (!row) throw notFound("multisig transaction", String(txIndex));
  return { multisig, row };
}

export const safeTxOf = (row: MultisigTransaction): SafeTx => ({ to: row.to as Address, value: BigInt(row.value), data: row.data as Hex, nonce: row.nonce });

// ---- proposals ---------------------------------------------------------------------------------------------

const insertTxSql = `INSERT INTO multisig_transactions (id, multisig_id, tenant_id, livemode, tx_index, kind, to_address, value, data, nonce, safe_tx_hash, status, exec_tx_id, idempotency_claim, created_at, updated_at)
  VALUES ($1, $2, $3, $4, (SELECT coalesce(max(tx_index) + 1, 0) FROM multisig_transactions WHERE multisig_id = $2), $5, $6, $7, $8, $9, $10, $11, $12, $13,
    now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
  RETURNING ${MULTISIG_TX_COLUMNS}`;

/** Inserts a Safe transaction with the next txIndex (the multisig's row is locked so two submissions never share one). */
async function insertTx(client: Queryable, row: DeployedMultisig, kind: MultisigTxKind, tx: SafeTx, hash: Hex, status: string, execTxId: string | null, id = multisigTxId(), claim: string | null = null) {
  await client.query("SELECT id FROM multisigs WHERE id = $1 FOR UPDATE", [row.id]);
  const { rows } = await client.query(insertTxSql, [id, row.id, row.tenantId, row.livemode, kind, tx.to, tx.value.toString(), tx.data, tx.nonce.toString(), hash, status, execTxId, claim]);
  return rows[0] as MultisigTransaction;
}

/** A proposal is a row and no chain write (the owners sign it later): the kit finds it by its claim reference. */
export function submitMultisigTx(scope: Scope, id: string, input: z.output<typeof SubmitMultisigTxInput>) {
  return writeOnce({
    async check() {
      const row = await deployedMultisig(scope, id);
      return { row, onChainNonce: await readSafe<bigint>(row, "nonce") };
    },
    async record({ client, claim }, { row, onChainNonce }) {
      // Under the multisig's row lock, so two proposals at once never take the same nonce: after the proposals
      // still open, the next nonce the Safe has not been promised yet.
      await client.query("SELECT id FROM multisigs WHERE id = $1 FOR UPDATE", [row.id]);
      const { rows } = await client.query<{ nonce: string | null }>(
        `SELECT max(nonce)::text AS nonce FROM multisig_transactions WHERE multisig_id = $1 AND status IN ('proposed', 'executing') AND nonce >= $2`,
        [row.id, onChainNonce.toString()],
      );
      const nonce = rows[0].nonce !== null ? BigInt(rows[0].nonce) + 1n : onChainNonce;
      const tx: SafeTx = { to: getAddress(input.to), value: BigInt(input.value), data: input.data as Hex, nonce };
      return serializeMultisigTx(await insertTx(client, row, "call", tx, hashOf(row, tx), "proposed", null, multisigTxId(), claim));
    },
    rows: {
      kind: "multisig.propose",
      find: async (claim) => {
        const earlier = await db.multisigTransaction.findUnique({ where: { idempotencyClaim: claim } });
        return earlier && serializeMultisigTx(earlier);
      },
    },
  });
}

export async function listMultisigTxs(scope: Scope, id: string, params: z.output<typeof ListMultisigTxQuery>) {
  const multisig = await findMultisig(scope, id);
  const where: { multisigId: string; status?: string } = { multisigId: multisig.id };
  if (params.status) where.status = params.status;
  return paginate(db.multisigTransaction, where, params, serializeMultisigTx);
}

export const getMultisigTx = async (scope: Scope, id: string, txIndex: number) => serializeMultisigTx((await findTx(scope, id, txIndex)).row);

// ---- approvals ---------------------------------------------------------------------------------------------

export function confirmMultisigTx(scope: Scope, id: string, txIndex: number, input: z.output<typeof ConfirmMultisigTxInput>) {
  return writeOnce({
    async check() {
      const { row: tx } = await findTx(scope, id, txIndex);
      const row = await deployedMultisig(scope, id);
      if (tx.status !== "proposed") throw invalidRequest("multisig_transaction_not_open", `Multisig transaction ${txIndex} is ${tx.status}: there is nothing to confirm.`, "tx_index");
      const signer = getAddress(input.signer_address);
      const acting = await actingFor(scope, row.network);
      if (signer !== acting.address) {
        throw invalidRequest(
          "off_chain_signature_required",
          `${signer} must sign safeTxHash ${tx.safeTxHash} off-chain (EIP-712 or eth_sign) and pass its signature to POST /v1/multisigs/${id}/transactions/${txIndex}/execute: ` +
            `the platform sends approveHash only for the acting account ${acting.address}.`,
          "signer_address",
        );
      }
      const [isOwner, approved] = await Promise.all([readSafe<boolean>(row, "isOwner", [signer]), readSafe<bigint>(row, "approvedHashes", [signer, tx.safeTxHash])]);
      if (!isOwner) throw safeRefusal("GS030", `The acting account ${signer} is not an owner of ${row.address}: an owner must sign safeTxHash ${tx.safeTxHash} off-chain.`, "signer_address");
      if (approved !== 0n) throw invalidRequest("already_confirmed", `${signer} already approved safeTxHash ${tx.safeTxHash} on chain.`, "signer_address");
      return { row, tx };
    },
    async record(recorder, { row, tx }) {
      const { idempotency_key: _, ...request } = input;
      const write = await recorder.record({
        tenantId: scope.tenantId, livemode: scope.livemode, network: row.network, kind: "multisig.approve_hash", to: row.address,
        data: encodeFunctionData({ abi: safeAbi(), functionName: "approveHash", args: [tx.safeTxHash] }),
        request: { ...request, multisig: row.id, tx_index: txIndex, safe_tx_hash: tx.safeTxHash }, effect: { multisig: row.id, multisig_tx: tx.id },
      });
      return serializeTransaction(write);
    },
    find: async ([write]) => serializeTransaction(write),
  });
}

export async function multisigConfirmation(scope: Scope, id: string, txIndex: number, address: string) {
  const { row: tx } = await findTx(scope, id, txIndex);
  const row = await deployedMultisig(scope, id);
  const who = getAddress(address);
  const [approved, isOwner] = await Promise.all([readSafe<bigint>(row, "approvedHashes", [who, tx.safeTxHash]), readSafe<boolean>(row, "isOwner", [who])]);
  return {
    object: "multisig_confirmation" as const, multisig: row.id, tx_index: txIndex, safe_tx_hash: tx.safeTxHash, address: who, confirmed: approved !== 0n, is_owner: isOwner,
  };
}

// ---- execution ---------------------------------------------------------------------------------------------

/**
 * The signatures the Safe will check: the caller's, plus an approved-hash one for every owner that approved
 * the hash on chain and for the acting account when it is an owner (msg.sender counts as its approval).
 */
async function collectSignatures(row: DeployedMultisig, hash: Hex, signatures: string, acting: Address) {
  let given;
  try {
    given = await parseSignatures(signatures, hash);
  } catch (error) {
    if (error instanceof SignatureFormatError) throw invalidRequest("invalid_signatures", `Invalid signatures: ${error.message}.`, "signatures");
    throw error;
  }
  const owners = (await readSafe<Address[]>(row, "getOwners")).map((o) => getAddress(o));
  const signed = new Set(given.map((s) => s.owner));
  const approvals = await Promise.all(
    owners.filter((o) => !signed.has(o)).map(async (o) => ((o === acting || (await readSafe<bigint>(row, "approvedHashes", [o, hash])) !== 0n) ? o : null)),
  );
  return encodeSignatures([...given, ...approvals.filter((o): o is Address => o !== null).map(approvedHashSignature)]);
}

/** eth_call of execTransaction from the acting account: the Safe's GS code as a 400, with the inner call's own reason for GS013. */
async function simulate(row: DeployedMultisig, tx: SafeTx, hash: Hex, data: Hex, from: Address, param: string) {
  const client = publicClient(row.network);
  try {
    await client.call({ account: from, to: row.address, data });
    return;
  } catch (error) {
    if (!isRevert(error)) throw chainUnavailable(row.network);
    const reason = revertReason(error);
    const code = safeErrorCode(reason);
    const signing = `The Safe transaction signed must be safeTxHash ${hash} (nonce ${tx.nonce}).`;
    if (code === "GS013") {
      const inner = await client.call({ account: row.address, to: tx.to, data: tx.data, value: tx.value }).then(() => null, (e) => (isRevert(e) ? revertReason(e) : null));
      const innerCode = inner && safeErrorCode(inner);
      if (innerCode) throw safeRefusal(innerCode, `The Safe's own call reverted with it (GS013: the Safe transaction would fail). ${signing}`, param);
      throw safeRefusal("GS013", inner ? `The call to ${tx.to} reverted: ${inner}.` : "", param);
    }
    if (code) throw safeRefusal(code, signing, code.startsWith("GS02") ? "signatures" : param);
    throw invalidRequest("execution_reverted", `execTransaction would revert: ${reason}. ${signing}`, param);
  }
}

/** A Safe transaction to execute, as its request's checks found it. */
interface Execution {
  row: DeployedMultisig;
  tx: SafeTx;
  signatures: string;
  request: Record<string, unknown>;
  /** The proposal it executes; null for an owner change (its row is made with the execution). */
  existing: MultisigTransaction | null;
  kind: MultisigTxKind;
  param?: string;
}

/**
 * Checks (`prepare`, then the signatures and an eth_call of the execution), then records the execution (chain
 * write) with its Safe transaction row in one database transaction.
 */
function execute(scope: Scope, prepare: () => Promise<Execution>) {
  return writeOnce({
    async check() {
      const e = await prepare();
      const hash = hashOf(e.row, e.tx);
      const acting = await actingFor(scope, e.row.network);
      const encoded = await collectSignatures(e.row, hash, e.signatures, acting.address);
      const data = execTransactionData(e.tx, encoded);
      await simulate(e.row, e.tx, hash, data, acting.address, e.param ?? "signatures");
      return { ...e, hash, data };
    },
    async record(recorder, { row, tx, request, existing, kind, hash, data }) {
      const txId = existing?.id ?? multisigTxId();
      const effect: MultisigEffect = { multisig: row.id, multisig_tx: txId, safe_tx_hash: hash };
      const write = await recorder.record({
        tenantId: scope.tenantId, livemode: scope.livemode, network: row.network, kind: "multisig.execute", to: row.address, data,
        request: { ...request, multisig: row.id, safe_tx_kind: kind, safe_tx_hash: hash, nonce: Number(tx.nonce) }, effect: { ...effect },
      });
      if (existing) {
        // Only from `proposed`: of two concurrent executions, the second rolls back with its chain write.
        const { rowCount } = await recorder.client.query(
          `UPDATE multisig_transactions SET status = 'executing', exec_tx_id = $2, failure_reason = NULL, updated_at = now() AT TIME ZONE 'UTC' WHERE id = $1 AND status = 'proposed'`,
          [existing.id, write.id],
        );
        if (!rowCount) throw invalidRequest("multisig_transaction_not_open", `Multisig transaction ${existing.txIndex} is already being executed.`, "tx_index");
      } else {
        await insertTx(recorder.client, row, kind, tx, hash, "executing", write.id, txId);
      }
      return serializeTransaction(write);
    },
    find: async ([write]) => serializeTransaction(write),
  });
}

export function executeMultisigTx(scope: Scope, id: string, txIndex: number, input: z.output<typeof ExecuteMultisigTxInput>) {
  return execute(scope, async () => {
    const { row: tx } = await findTx(scope, id, txIndex);
    const row = await deployedMultisig(scope, id);
    if (tx.status !== "proposed") throw invalidRequest("multisig_transaction_not_open", `Multisig transaction ${txIndex} is ${tx.status}.`, "tx_index");
    const onChainNonce = await readSafe<bigint>(row, "nonce");
    if (tx.nonce !== onChainNonce) {
      const why = tx.nonce < onChainNonce ? "that nonce has been used by another Safe transaction: submit it again" : "execute the earlier ones first";
      throw invalidRequest("nonce_mismatch", `Multisig transaction ${txIndex} was proposed for Safe nonce ${tx.nonce}, but the Safe is at nonce ${onChainNonce}: ${why}.`, "tx_index");
    }
    const { idempotency_key: _, signatures, ...request } = input;
    return { row, tx: safeTxOf(tx), signatures, request: { ...request, tx_index: txIndex }, existing: tx, kind: tx.kind as MultisigTxKind };
  });
}

// ---- owners ------------------------------------------------------------------------------------------------

async function ownersOf(row: DeployedMultisig) {
  const [owners, threshold, nonce] = await Promise.all([readSafe<Address[]>(row, "getOwners"), readSafe<bigint>(row, "getThreshold"), readSafe<bigint>(row, "nonce")]);
  return { owners: owners.map((o) => getAddress(o)), threshold: Number(threshold), nonce };
}

function checkNewOwner(row: DeployedMultisig, owners: Address[], owner: Address, param: string) {
  if (owner === SENTINEL || owner === row.address || BigInt(owner) === 0n) throw safeRefusal("GS203", `${owner} cannot be an owner.`, param);
  if (owners.includes(owner)) throw safeRefusal("GS204", `${owner} is already an owner of ${row.address}.`, param);
}

/** prev_owner must be the owner before `owner` in the Safe's linked list (getOwners order; SENTINEL 0x…01 before the first). */
function checkPrevOwner(owners: Address[], prev: Address, owner: Address, ownerParam: string) {
  const at = owners.indexOf(owner);
  if (at < 0) throw safeRefusal("GS205", `${owner} is not an owner (owners: ${owners.join(", ")}).`, ownerParam);
  const expected = at === 0 ? SENTINEL : owners[at - 1];
  if (prev !== expected) throw safeRefusal("GS205", `The owner before ${owner} in the Safe's list is ${expected}${at === 0 ? " (SENTINEL: it is the first)" : ""}, not ${prev}.`, "prev_owner");
}

function checkThreshold(threshold: number, ownerCount: number) {
  if (threshold < 1) throw safeRefusal("GS202", "", "threshold");
  if (threshold > ownerCount) throw safeRefusal("GS201", `The Safe would have ${ownerCount} owner(s).`, "threshold");
}

const selfCall = (row: DeployedMultisig, functionName: string, args: unknown[], nonce: bigint): SafeTx => ({
  to: row.address, value: 0n, data: encodeFunctionData({ abi: safeAbi(), functionName, args }), nonce,
});

export function addOwner(scope: Scope, id: string, input: z.output<typeof AddOwnerInput>) {
  return execute(scope, async () => {
    const row = await deployedMultisig(scope, id);
    const { owners, threshold, nonce } = await ownersOf(row);
    const owner = getAddress(input.owner);
    checkNewOwner(row, owners, owner, "owner");
    const next = input.threshold ?? threshold;
    checkThreshold(next, owners.length + 1);
    const { idempotency_key: _, signatures, ...request } = input;
    return { row, tx: selfCall(row, "addOwnerWithThreshold", [owner, BigInt(next)], nonce), signatures, request: { ...request, threshold: next }, existing: null, kind: "add_owner" };
  });
}

export function removeOwner(scope: Scope, id: string, address: string, input: z.output<typeof RemoveOwnerInput>) {
  return execute(scope, async () => {
    const row = await deployedMultisig(scope, id);
    const { owners, threshold, nonce } = await ownersOf(row);
    const owner = getAddress(address);
    checkPrevOwner(owners, getAddress(input.prev_owner), owner, "address");
    const next = input.threshold ?? Math.min(threshold, owners.length - 1);
    checkThreshold(next, owners.length - 1);
    const { idempotency_key: _, signatures, ...request } = input;
    const tx = selfCall(row, "removeOwner", [getAddress(input.prev_owner), owner, BigInt(next)], nonce);
    return { row, tx, signatures, request: { ...request, owner, threshold: next }, existing: null, kind: "remove_owner" };
  });
}

export function swapOwner(scope: Scope, id: string, input: z.output<typeof SwapOwnerInput>) {
  return execute(scope, async () => {
    const row = await deployedMultisig(scope, id);
    const { owners, nonce } = await ownersOf(row);
    const [prev, oldOwner, newOwner] = [getAddress(input.prev_owner), getAddress(input.old_owner), getAddress(input.new_owner)];
    checkNewOwner(row, owners, newOwner, "new_owner");
    checkPrevOwner(owners, prev, oldOwner, "old_owner");
    const { idempotency_key: _, signatures, ...request } = input;
    return { row, tx: selfCall(row, "swapOwner", [prev, oldOwner, newOwner], nonce), signatures, request, existing: null, kind: "swap_owner" };
  });
}

export function changeThreshold(scope: Scope, id: string, input: z.output<typeof ChangeThresholdInput>) {
  return execute(scope, async () => {
    const row = await deployedMultisig(scope, id);
    const { owners, nonce } = await ownersOf(row);
    checkThreshold(input.threshold, owners.length);
    const { idempotency_key: _, signatures, ...request } = input;
    return { row, tx: selfCall(row, "changeThreshold", [BigInt(input.threshold)], nonce), signatures, request, existing: null, kind: "change_threshold" };
  });
}

export async function ownerStatus(scope: Scope, id: string, address: string) {
  const row = await deployedMultisig(scope, id);
  const who = getAddress(address);
  return { object: "multisig_owner" as const, multisig: row.id, address: who, is_owner: await readSafe<boolean>(row, "isOwner", [who]) };
}
