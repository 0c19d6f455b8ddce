// The one path of every chain write. Intake creates the record (pending) and wakes its wallet's run
// (inngest/functions/process-wallet.ts), which signs, sends and follows the wallet's whole backlog
// (lib/chain/eoa, or a registered submitter) and ends each record with its operation's effect and events
// (lib/chain/finalize).
import { notFound } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { ListParams } from "@/lib/schemas/common";
import { chainTarget } from "./clients";
import { notifyWallet, walletRunHere } from "./nonces";
import { estimateAhead } from "./eoa/sign";
import type { ChainWrite } from "./operations";
import { serializeTransaction } from "./serialize";
import { finalize } from "./finalize";
import { storeAtIntake } from "./intake";
import { findByIdempotencyClaim, findRecord, isClaimConflict, loadTransaction, pageOfRecords, type RecordFilters } from "./records";
import { nextWriteRef } from "@/lib/api/idempotency-context";
import { admitChainWrite, dispatchWoken, newRecord, wakeWallets } from "./write";

export { serializeTransaction };
export type { ChainWrite };
export { dispatchWallets, recordChainWrite, registerIntakeGuard, wakeWallets, WALLET_WORK, type IntakeGuard, type WalletWork } from "./write";

/** record + wake (one round trip): the usual way to write to the chain. Returns the serialised record (status pending). */
export async function submitChainWrite(write: ChainWrite) {
  const claim = nextWriteRef();
  // A request run again after its first instance died: the write that instance recorded is the answer.
  const earlier = claim?.resumed ? await findByIdempotencyClaim(claim.ref) : null;
  if (earlier) return serializeTransaction(earlier);
  await admitChainWrite(write);
  const fresh = { ...(await newRecord(write)), idempotencyClaim: claim?.ref ?? null };
  // The wallet's run is in this process: its gas is estimated while the record is stored, not in the run's pass.
  if ((fresh.submitter ?? "eoa") === "eoa" && walletRunHere({ from: fresh.fromAddress, chainKey: fresh.chainKey })) {
    estimateAhead(fresh, chainTarget(fresh.network));
  }
  const stored = await storeAtIntake(fresh).catch(async (error: unknown) => {
    // The first instance was not dead after all and recorded it meanwhile: still one record.
    const existing = isClaimConflict(error) && fresh.idempotencyClaim ? await findByIdempotencyClaim(fresh.idempotencyClaim) : null;
    if (!existing) throw error;
    return null;
  });
  if (!stored) return serializeTransaction((await findByIdempotencyClaim(fresh.idempotencyClaim!))!);
  const { record, wake } = stored;
  if (wake) await dispatchWoken(record);
  else notifyWallet({ from: record.fromAddress, chainKey: record.chainKey }); // a run is present: tell it now if it is in this process
  return serializeTransaction(record);
}

/**
 * Ends a record that has not been sent yet, as failed with code `cancelled`. A nonce it already held is
 * used up by a 0-value self-transfer (lib/chain/finalize), so the wallet's later transactions still go.
 * False once it is signed (its bytes may already be on the way: a sent transaction can only be replaced) or ended.
 */
export async function cancelUnsent(id: string, reason = "Cancelled before it was sent."): Promise<boolean> {
  await finalize([{ id, failure: { code: "cancelled", message: reason, onlyIfUnsigned: true } }]);
  const after = await loadTransaction(id);
  if (after.status === "failed" && after.nonce !== null) await wakeWallets([after]);
  return after.status === "failed" && after.errorCode === "cancelled";
}

export type TransactionFilters = RecordFilters;

export async function listTransactions(tenantId: string, livemode: boolean, params: ListParams & TransactionFilters): Promise<Page<ReturnType<typeof serializeTransaction>>> {
  const { rows, total } = await pageOfRecords(tenantId, livemode, params, params.limit, params.starting_after);
  return { object: "list", data: rows.slice(0, params.limit).map((t) => serializeTransaction(t)), has_more: rows.length > params.limit, total };
}

export async function getTransaction(tenantId: string, livemode: boolean, id: string) {
  const t = await findRecord(tenantId, livemode, id);
  if (!t) throw notFound("transaction", id);
  return serializeTransaction(t);
}
