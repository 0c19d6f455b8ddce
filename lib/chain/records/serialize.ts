// The transaction record as the API, events and webhooks show it.
import { unixSeconds } from "@/lib/core/ids";
import type { Transaction } from "@/lib/generated/prisma/client";

export function serializeTransaction(t: Transaction, now = Date.now()) {
  const open = t.status === "pending" || t.status === "submitted";
  return {
    object: "transaction" as const,
    id: t.id,
    network: t.network,
    kind: t.kind,
    status: t.status as "pending" | "submitted" | "confirmed" | "failed",
    token: t.tokenId,
    from: t.fromAddress,
    to: t.toAddress,
    value: t.value,
    nonce: t.nonce,
    hash: t.hash,
    block_number: t.blockNumber === null ? null : Number(t.blockNumber),
    gas_used: t.gasUsed,
    contract_address: t.contractAddress,
    error: t.errorCode ? { code: t.errorCode, message: t.errorMessage ?? "" } : null,
    request: t.request,
    // How long an open record has waited so far; a transaction stays open until the chain settles it.
    waiting_seconds: open ? Math.max(0, Math.floor((now - t.createdAt.getTime()) / 1000)) : null,
    // Times it was re-signed with higher fees because it was not mined, and whether the network's fee cap stopped that.
    replacements: Math.max(0, t.hashes.length - 1),
    fee_cap_reached: t.feeCapReachedAt !== null,
    // Open and at the cap: sent, it is only sent again as it is; unsent, it is deferred until the fees fall.
    // Either way the wallet's later writes on the network wait behind it.
    stuck:
      open && t.feeCapReachedAt
        ? {
            reason: "fee_cap" as const,
            deferred: t.rawTransaction === null,
            since: unixSeconds(t.feeCapReachedAt),
            max_fee_per_gas: t.rawTransaction === null ? null : t.maxFeePerGas,
            network_max_fee_per_gas: t.feeCapNetworkFee,
          }
        : null,
    // Addition to the spec: how often a reorganisation removed it after it was reported final (transaction.reorged).
    reorgs: t.reorgs,
    // Addition to the spec: when POST /v1/transactions/{id}/cancel asked for its cancel (a sent one is replaced by a no-op).
    cancel_requested: t.cancelRequestedAt ? unixSeconds(t.cancelRequestedAt) : null,
    livemode: t.livemode,
    created: unixSeconds(t.createdAt),
    submitted: t.submittedAt ? unixSeconds(t.submittedAt) : null,
    confirmed: t.confirmedAt ? unixSeconds(t.confirmedAt) : null,
  };
}
