// The one path of every chain write. Intake creates the record (pending) and wakes its wallet's run
// (inngest/functions/process-wallet.ts), which signs, sends and follows the wallet's whole backlog
// (lib/chain/eoa, or a registered submitter) and ends each record with its operation's effect and events
// (lib/chain/records/finalize).
import { notFound } from "@/lib/core/errors";
import type { Page } from "@/lib/core/pagination";
import type { ListParams } from "@/lib/schemas/common";
import { chainTarget } from "@/lib/chain/network/clients";
import { notifyWallet, walletRunHere } from "@/lib/chain/eoa/nonces";
import { estimateAhead } from "@/lib/chain/eoa/sign";
import type { ChainWrite } from "@/lib/chain/registry/kinds";
import { serializeTransaction } from "@/lib/chain/records/serialize";
import { timelineOf } from "@/lib/chain/records/timeline";
import { finalize } from "@/lib/chain/records/finalize";
import { storeAtIntake } from "@/lib/chain/intake/gather";
import { recordAttributes, withSpan } from "@/lib/observability/tracing";
import { findByIdempotencyClaim, findRecord, isClaimConflict, loadTransaction, pageOfRecords, type RecordFilters } from "@/lib/chain/records/statements";
import { nextWriteRef } from "@/lib/core/idempotency-context";
import { admitChainWrite, dispatchWoken, newRecord, wakeWallets } from "@/lib/chain/intake/record";
import { injectedFaultAfterCommit } from "@/lib/db/answer-once";

export { serializeTransaction };
export type { ChainWrite };
export { writeOnce, type Recorder } from "@/lib/chain/intake/resources";
export { dispatchWallets, recordChainWrite, registerIntakeGuard, wakeWallets, WALLET_WORK, type IntakeGuard, type WalletWork } from "@/lib/chain/intake/record";

/** record + wake (one round trip): the usual way to write to the chain. Returns the serialised record (status pending). */
export async function submitChainWrite(write: ChainWrite, options: { check?: () => Promise<void> } = {}) {
  const claim = nextWriteRef();
  // A request run again after its first instance died: the write that instance recorded is the answer.
  const earlier = claim?.resumed ? await findByIdempotencyClaim(claim.ref) : null;
  if (earlier) return serializeTransaction(earlier);
  // What must hold before anything is recorded (e.g. a balance): only for a write not recorded yet, since a
  // resumed request's earlier write may itself have changed what the check reads.
  if (options.check) await options.check();
  await admitChainWrite(write);
  const fresh = { ...(await newRecord(write)), idempotencyClaim: claim?.ref ?? null };
  // The wallet's run is in this process: its gas is estimated while the record is stored, not in the run's pass.
  if ((fresh.submitter ?? "eoa") === "eoa" && walletRunHere({ from: fresh.fromAddress, chainKey: fresh.chainKey })) {
    estimateAhead(fresh, chainTarget(fresh.network));
  }
  const stored = await withSpan("chain.intake", recordAttributes([fresh]), () => storeAtIntake(fresh)).catch(async (error: unknown) => {
    // The first instance was not dead after all and recorded it meanwhile: still one record.
    const existing = isClaimConflict(error) && fresh.idempotencyClaim ? await findByIdempotencyClaim(fresh.idempotencyClaim) : null;
    if (!existing) throw error;
    return null;
  });
  if (!stored) return serializeTransaction((await findByIdempotencyClaim(fresh.idempotencyClaim!))!);
  const { record, wake } = stored;
  if (wake) await dispatchWoken(record);
  else notifyWallet({ from: record.fromAddress, chainKey: record.chainKey }); // a run is present: tell it now if it is in this process
  await injectedFaultAfterCommit([record]);
  return serializeTransaction(record);
}

/**
 * Ends a record that has not been sent yet, as failed with code `cancelled`. A nonce it already held is
 * used up by a 0-value self-transfer (lib/chain/records/finalize), so the wallet's later transactions still go.
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

/** One record of the tenant's, with its timeline (addition to the spec). */
export async function getTransaction(tenantId: string, livemode: boolean, id: string) {
  const t = await findRecord(tenantId, livemode, id);
  if (!t) throw notFound("transaction", id);
  return { ...serializeTransaction(t), timeline: await timelineOf(t) };
}
