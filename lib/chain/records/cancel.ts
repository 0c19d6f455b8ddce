// POST /v1/transactions/{id}/cancel (an addition to the spec). An unsent record ends at once as failed with
// error code `cancelled` (./transactions cancelUnsent). A sent one that is still open is replaced by its
// wallet's run with a 0-value self-transfer at the same nonce (./eoa/cancel); its end comes from the chain
// only: failed/`cancelled` if the no-op is mined, else what the original did (confirmed, or failed).
import { conflict, notFound } from "@/lib/core/errors";
import type { Transaction } from "@/lib/generated/prisma/client";
import { findRecord } from "@/lib/chain/records/statements";
import { requestCancel } from "@/lib/chain/records/recovery";
import { serializeTransaction } from "@/lib/chain/records/serialize";
import { cancelUnsent } from "@/lib/chain/intake";
import { wakeWallets } from "@/lib/chain/intake/record";
import { noteCancelAsked } from "@/lib/chain/eoa/cancel";

const isCancelled = (t: Transaction) => t.status === "failed" && t.errorCode === "cancelled";

export async function cancelTransaction(tenantId: string, livemode: boolean, id: string) {
  let record = await findRecord(tenantId, livemode, id);
  if (!record) throw notFound("transaction", id);
  if (record.submitter !== "eoa") {
    throw conflict("transaction_not_cancellable", `Transaction ${id} is sent by '${record.submitter}', not by the wallet itself: only the wallet's own transactions can be cancelled.`);
  }
  if (record.status === "pending" && record.rawTransaction === null && (await cancelUnsent(id))) record = (await findRecord(tenantId, livemode, id))!;
  if (record.status === "pending" || record.status === "submitted") {
    // Signed meanwhile, or sent: the wallet's run replaces it (asked for once; a repeat changes nothing).
    record = (await requestCancel(tenantId, livemode, id))!;
    if (record.cancelRequestedAt && (record.status === "pending" || record.status === "submitted")) {
      noteCancelAsked({ from: record.fromAddress, chainKey: record.chainKey });
      await wakeWallets([record]);
    }
  }
  if (record.status === "confirmed" || (record.status === "failed" && !isCancelled(record))) {
    throw conflict(
      "transaction_final",
      `Transaction ${id} is already ${record.status}${record.errorCode ? ` (${record.errorCode})` : ""}: only a pending or submitted transaction can be cancelled.`,
    );
  }
  return serializeTransaction(record);
}
