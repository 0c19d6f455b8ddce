// The rows of multisigs and their Safe transactions and how the API shows them, apart from the service so
// the effects (run by the chain path) need nothing of the chain path themselves.
import { newId, unixSeconds } from "@/lib/core/ids";
import { selectList } from "@/lib/db/columns";
import type { Multisig, MultisigTransaction } from "@/lib/generated/prisma/client";

export const multisigId = () => newId("msig");
export const multisigTxId = () => newId("mstx");

export const MULTISIG_COLUMNS = selectList(
  ["id", "tenantId", "livemode", "network", "name", "owners", "threshold", "saltNonce", "singleton", "proxyFactory", "fallbackHandler", "address", "status", "deployTxId", "failureReason"],
  ["createdAt", "updatedAt"],
);
export const MULTISIG_TX_COLUMNS = `to_address AS "to", ${selectList(
  ["id", "multisigId", "tenantId", "livemode", "txIndex", "kind", "value", "data", "nonce", "safeTxHash", "status", "execTxId", "executedTxHash", "failureReason"],
  ["createdAt", "updatedAt"],
)}`;

export type MultisigStatus = "deploying" | "active" | "failed";
export type MultisigTxStatus = "proposed" | "executing" | "executed";
export type MultisigTxKind = "call" | "add_owner" | "remove_owner" | "swap_owner" | "change_threshold";

export function serializeMultisig(r: Multisig) {
  return {
    object: "multisig" as const,
    id: r.id,
    name: r.name,
    network: r.network,
    address: r.address,
    owners: r.owners,
    threshold: r.threshold,
    salt_nonce: r.saltNonce,
    safe_singleton_address: r.singleton,
    safe_proxy_factory_address: r.proxyFactory,
    fallback_handler: r.fallbackHandler,
    status: r.status as MultisigStatus,
    deploy_transaction: r.deployTxId,
    failure_reason: r.failureReason,
    livemode: r.livemode,
    created: unixSeconds(r.createdAt),
  };
}

/** Raw pg gives BIGINT as a string, Prisma as bigint. */
type TxRow = Omit<MultisigTransaction, "nonce"> & { nonce: bigint | string };

export function serializeMultisigTx(r: TxRow) {
  return {
    object: "multisig_transaction" as const,
    id: r.id,
    multisig: r.multisigId,
    tx_index: r.txIndex,
    kind: r.kind as MultisigTxKind,
    to: r.to,
    value: r.value,
    data: r.data,
    operation: 0 as const,
    nonce: Number(r.nonce),
    safe_tx_hash: r.safeTxHash,
    status: r.status as MultisigTxStatus,
    transaction: r.execTxId,
    executed_tx_hash: r.executedTxHash,
    failure_reason: r.failureReason,
    livemode: r.livemode,
    created: unixSeconds(r.createdAt),
  };
}
