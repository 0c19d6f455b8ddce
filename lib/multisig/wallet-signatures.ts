// Owners' EIP-712 signatures of a pending Safe transaction, given from a browser wallet in the console (an
// owner who is not the tenant's acting account). The console asks for the SafeTx typed data to sign, the owner's
// wallet signs it (eth_signTypedData_v4), and the signature is kept only when it recovers, over this very
// transaction, to an owner the Safe has on chain now. Kept signatures count as confirmations and are laid into
// execTransaction's `signatures` (sorted by owner, with the on-chain approvals) by the one execute path.
// The API's own execute endpoint is unchanged: its callers pass their signatures themselves.
import { concatHex, getAddress, isAddress, isHex, parseSignature, recoverTypedDataAddress, size, toHex, type Address, type Hex } from "viem";
import { db } from "@/lib/db";
import { newId } from "@/lib/core/ids";
import { invalidRequest } from "@/lib/core/errors";
import type { Scope } from "@/lib/core/scope";
import type { MultisigSignature, MultisigTransaction } from "@/lib/generated/prisma/client";
import { safeTxTypedData } from "./safe-tx";
import { deployedMultisig, readSafe, type DeployedMultisig } from "./service";
import { chainIdOf, executeMultisigTx, findTx, safeTxOf } from "./transactions";

const typedDataOf = (row: DeployedMultisig, tx: MultisigTransaction) => safeTxTypedData(chainIdOf(row.network), row.address, safeTxOf(tx));

async function openTx(scope: Scope, id: string, txIndex: number) {
  const { row: tx } = await findTx(scope, id, txIndex);
  const row = await deployedMultisig(scope, id);
  if (tx.status !== "proposed") throw invalidRequest("multisig_transaction_not_open", `Multisig transaction ${txIndex} is ${tx.status}: there is nothing to sign.`, "tx_index");
  return { row, tx };
}

/**
 * What an owner's wallet signs for a pending transaction: the SafeTx typed data, its numbers as decimal strings
 * (JSON-safe), with the hash the Safe will check.
 */
export async function safeTxToSign(scope: Scope, id: string, txIndex: number) {
  const { row, tx } = await openTx(scope, id, txIndex);
  const { domain, types, primaryType, message } = typedDataOf(row, tx);
  return {
    domain,
    types,
    primaryType,
    message: {
      ...message, value: message.value.toString(), safeTxGas: message.safeTxGas.toString(), baseGas: message.baseGas.toString(), gasPrice: message.gasPrice.toString(),
      nonce: message.nonce.toString(),
    },
    safe_tx_hash: tx.safeTxHash as Hex,
  };
}

export const serializeWalletSignature = (s: MultisigSignature, duplicate = false) => ({
  object: "multisig_signature" as const, multisig: s.multisigId, safe_tx_hash: s.safeTxHash, owner: s.owner as Address, signature: s.signature as Hex,
  // True when this owner had signed this transaction already: the earlier signature stands, nothing new is kept.
  duplicate,
});

/** r ‖ s ‖ v with v 27 or 28 (a wallet may answer v 0/1, or a 64-byte compact signature). */
function normalized(signature: string): Hex {
  if (!isHex(signature, { strict: true }) || (size(signature as Hex) !== 65 && size(signature as Hex) !== 64)) {
    throw invalidRequest("invalid_signature", "The wallet's answer is not a 65-byte ECDSA signature.", "signature");
  }
  try {
    const { r, s, yParity } = parseSignature(signature as Hex);
    return concatHex([r, s, toHex(27 + (yParity ?? 0), { size: 1 })]);
  } catch {
    throw invalidRequest("invalid_signature", "The wallet's answer is not a valid ECDSA signature.", "signature");
  }
}

/**
 * Keeps `signer`'s signature of pending transaction `txIndex`: it must recover, over this transaction's SafeTx
 * data, to `signer`, and `signer` must be an owner on chain. A second signature of the same owner answers the
 * first one again (duplicate: true) and keeps nothing new.
 */
export async function addWalletSignature(scope: Scope, id: string, txIndex: number, input: { signer: string; signature: string }) {
  if (!isAddress(input.signer, { strict: false })) throw invalidRequest("parameter_invalid", "Invalid signer: not an address.", "signer");
  const signer = getAddress(input.signer);
  const signature = normalized(input.signature);
  const { row, tx } = await openTx(scope, id, txIndex);
  let recovered: Address;
  try {
    recovered = await recoverTypedDataAddress({ ...typedDataOf(row, tx), signature });
  } catch {
    throw invalidRequest("invalid_signature", "The wallet's answer is not a valid ECDSA signature.", "signature");
  }
  if (recovered !== signer) {
    throw invalidRequest(
      "signature_mismatch",
      `This signature is not ${signer}'s signature of Safe transaction ${txIndex} (safeTxHash ${tx.safeTxHash}, nonce ${tx.nonce}): it was made over other data ` +
        "(another transaction, Safe or network). Sign this transaction's SafeTx data with the owner's wallet.",
      "signature",
    );
  }
  if (!(await readSafe<boolean>(row, "isOwner", [signer]))) {
    const owners = (await readSafe<Address[]>(row, "getOwners")).map((o) => getAddress(o));
    throw invalidRequest("not_an_owner", `${signer} is not an owner of this Safe (${row.address}), so its signature does not count. Its owners: ${owners.join(", ")}.`, "signer");
  }
  const where = { tenantId: scope.tenantId, livemode: scope.livemode, multisigTxId: tx.id, owner: signer };
  const earlier = await db.multisigSignature.findFirst({ where });
  if (earlier) return serializeWalletSignature(earlier, true);
  const inserted = await db.multisigSignature.createMany({
    data: [{ id: newId("mssig"), ...where, multisigId: row.id, safeTxHash: tx.safeTxHash, signature }],
    skipDuplicates: true, // two submissions at once: the unique (transaction, owner) keeps one
  });
  const kept = await db.multisigSignature.findFirstOrThrow({ where });
  return serializeWalletSignature(kept, inserted.count === 0);
}

/** The kept signatures of these transactions of one multisig (the caller's tenant and mode only), by transaction id. */
export async function walletSignatures(scope: Scope, multisigId: string, txIds: string[]) {
  const rows = await db.multisigSignature.findMany({
    where: { tenantId: scope.tenantId, livemode: scope.livemode, multisigId, multisigTxId: { in: txIds } },
    orderBy: { createdAt: "asc" },
  });
  const byTx = new Map<string, MultisigSignature[]>();
  for (const r of rows) byTx.set(r.multisigTxId, [...(byTx.get(r.multisigTxId) ?? []), r]);
  return byTx;
}

/**
 * The kept signatures that still count for a transaction: over its hash, by a current owner (an owner removed
 * since signed would make the Safe refuse them all, GS026). Concatenated as given; the execute path sorts them.
 */
export async function keptSignatureBytes(scope: Scope, row: DeployedMultisig, tx: MultisigTransaction): Promise<Hex> {
  const kept = (await walletSignatures(scope, row.id, [tx.id])).get(tx.id) ?? [];
  if (!kept.length) return "0x";
  const owners = new Set((await readSafe<Address[]>(row, "getOwners")).map((o) => getAddress(o)));
  return concatHex(["0x", ...kept.filter((s) => s.safeTxHash === tx.safeTxHash && owners.has(s.owner as Address)).map((s) => s.signature as Hex)]);
}

/** Executes a pending transaction with the kept wallet signatures (plus on-chain approvals and the acting account, as always). */
export async function executeWithWalletSignatures(scope: Scope, id: string, txIndex: number) {
  const { row: tx } = await findTx(scope, id, txIndex);
  const row = await deployedMultisig(scope, id);
  return executeMultisigTx(scope, id, txIndex, { signatures: await keptSignatureBytes(scope, row, tx) });
}
