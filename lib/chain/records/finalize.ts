// The end of a record: final status, the operation's effect and the events, in one database transaction,
// exactly once (the move to a final status is conditional); a confirmation that is only events (most
// writes: a mint, a transfer) in one statement. A record that ends while holding a nonce it
// never sent hands that nonce to a filler, so the wallet's later transactions are not stuck behind a hole.
import type { TransactionReceipt } from "viem";
import { chainPool, transaction, type Queryable } from "@/lib/db";
import { newId } from "@/lib/core/ids";
import { emitAll, eventRecordset } from "@/lib/webhooks/emit";
import { nudgeOutbox } from "@/lib/webhooks/outbox";
import type { Transaction } from "@/lib/generated/prisma/client";
import { operationFor, type ChainWrite, type EffectEvent } from "@/lib/chain/registry/kinds";
import { observeFinalized } from "@/lib/observability/metrics";
import { withSpan } from "@/lib/observability/tracing";
import { insertRecord } from "@/lib/chain/records/statements";
import { confirmWithEvents, moveToFinal, type FinalChanges } from "@/lib/chain/records/final";
import { reopenReorged } from "@/lib/chain/records/recovery";
import { serializeTransaction } from "@/lib/chain/records/serialize";
import { recordFollowUp, wakeWallets } from "@/lib/chain/intake/record";

export type Ending =
  /** `record`: the record as the caller holds it, which lets a confirmation that is only events end in one statement. */
  | { id: string; receipt: TransactionReceipt; record?: Transaction }
  | { id: string; failure: { code: string; message: string; receipt?: TransactionReceipt; onlyIfUnsigned?: boolean; revertReason?: string } };

/** The receipt's figures the record and its mined attempt keep. */
const mined = (r: TransactionReceipt) => ({
  hash: r.transactionHash, blockNumber: r.blockNumber, blockHash: r.blockHash, gasUsed: r.gasUsed.toString(), effectiveGasPrice: r.effectiveGasPrice?.toString() ?? "0",
});

function changesFor(ending: Ending): FinalChanges {
  if ("receipt" in ending) {
    const r = ending.receipt;
    return { status: "confirmed", sent: true, ...mined(r), contractAddress: r.contractAddress ?? null, confirmedAt: new Date() };
  }
  const { code, message, receipt: r, onlyIfUnsigned, revertReason } = ending.failure;
  return { status: "failed", errorCode: code, errorMessage: message, onlyIfUnsigned, ...(r ? { sent: true, ...mined(r), revertReason } : {}) };
}

function fillNonce(client: Queryable, record: Transaction) {
  return insertRecord(
    {
      id: newId("tx"), tenantId: record.tenantId, livemode: record.livemode, network: record.network, chainKey: record.chainKey, kind: "nonce.fill",
      fromAddress: record.fromAddress, toAddress: record.fromAddress, data: "0x", value: "0", request: { fills_nonce_of: record.id }, nonce: record.nonce,
    },
    client,
  );
}

type EventsOnly = { id: string; receipt: TransactionReceipt; record: Transaction };

/** A confirmation whose operation changes nothing but events, with the record in hand (a first one: see finalize). */
const isEventsOnly = (ending: Ending): ending is EventsOnly =>
  "receipt" in ending && ending.record !== undefined && ending.record.reorgs === 0 && !operationFor(ending.record.kind).onConfirmed;

/**
 * Confirmations that are only events (a mint, a transfer): the records move and their events are recorded
 * in one statement, serialised from the records as the move leaves them.
 */
async function confirmEventsOnly(endings: EventsOnly[]) {
  const at = new Date();
  const confirmations = endings.map(({ record, receipt }) => ({
    id: record.id, ...mined(receipt), contractAddress: receipt.contractAddress ?? null, at,
  }));
  const events = endings.flatMap(({ record }, i) => {
    const { hash, blockNumber, gasUsed, contractAddress } = confirmations[i];
    const confirmed: Transaction = {
      ...record, status: "confirmed", hash, blockNumber, gasUsed, contractAddress: contractAddress ?? record.contractAddress,
      confirmedAt: at, updatedAt: at, submittedAt: record.submittedAt ?? at,
    };
    const list = [...(operationFor(record.kind).confirmedEvents?.(confirmed) ?? []), { type: "transaction.confirmed" as const, object: serializeTransaction(confirmed) }];
    return eventRecordset(record.tenantId, list, record.id);
  });
  if ((await confirmWithEvents(confirmations, events)) > 0) nudgeOutbox();
  observeFinalized(endings.map(({ record }) => ({ ...record, status: "confirmed", confirmedAt: at, submittedAt: record.submittedAt ?? at })));
}

/**
 * Ends each record (a no-op for one already final): confirmations that are only events in one statement,
 * anything else in one database transaction (one update, the operations' effects, one insert of events per tenant).
 */
export async function finalize(endings: Ending[]) {
  if (!endings.length) return;
  return withSpan("chain.confirmation", { "record.ids": endings.map((e) => e.id) }, () => finalizeNow(endings));
}

async function finalizeNow(endings: Ending[]) {
  if (endings.every(isEventsOnly)) return confirmEventsOnly(endings);
  const byId = new Map(endings.map((e) => [e.id, e]));
  const followUps: Transaction[] = [];
  let forOutbox = false;
  await transaction(async (client) => {
    const submit = async (write: ChainWrite) => {
      const record = await recordFollowUp(write, client);
      followUps.push(record);
      return record;
    };
    const moved = await moveToFinal(client, endings.map((e) => ({ id: e.id, ...changesFor(e) })));
    observeFinalized(moved);
    const events = new Map<string, EffectEvent[]>();
    for (const record of moved) {
      const ending = byId.get(record.id)!;
      if (record.reorgs > 0) {
        // Ends again after a reorganisation removed its first end: what that end did (effects, domain events)
        // was kept, not undone, so only the record's own event is emitted again (README, "Running on real networks").
        const list = events.get(record.tenantId) ?? [];
        list.push({ type: `transaction.${record.status as "confirmed" | "failed"}`, object: serializeTransaction(record) });
        events.set(record.tenantId, list);
        continue;
      }
      if (record.status === "failed" && record.nonce !== null && !record.submittedAt) await fillNonce(client, record);
      const operation = operationFor(record.kind);
      const confirm = async (receipt: TransactionReceipt) =>
        operation.onConfirmed ? operation.onConfirmed({ tx: record, receipt, client, submit }) : operation.confirmedEvents?.(record);
      const effects =
        ("receipt" in ending
          ? await confirm(ending.receipt)
          : await operation.onFailed?.({ tx: record, reason: ending.failure.message, client, submit })) ?? [];
      const list = events.get(record.tenantId) ?? [];
      list.push(...effects, { type: `transaction.${record.status as "confirmed" | "failed"}`, object: serializeTransaction(record) });
      events.set(record.tenantId, list);
    }
    for (const [tenantId, list] of events) if (await emitAll(tenantId, list, client)) forOutbox = true;
  }, chainPool);
  if (forOutbox) nudgeOutbox(); // committed now: the outbox finds the events at its next pass
  if (followUps.length) await wakeWallets(followUps);
}

export const fail = (id: string, code: string, message: string, receipt?: TransactionReceipt) => finalize([{ id, failure: { code, message, receipt } }]);

/**
 * Records a reorganisation removed from the chain after they ended: open again (submitted, their signed bytes
 * sent again by the run), with a transaction.reorged event each, in one database transaction. Returns those moved.
 */
export async function reopen(records: Transaction[]): Promise<Transaction[]> {
  if (!records.length) return [];
  let forOutbox = false;
  const reopened = await transaction(async (client) => {
    const moved = await reopenReorged(client, records);
    const byTenant = new Map<string, EffectEvent[]>();
    for (const record of moved) byTenant.set(record.tenantId, [...(byTenant.get(record.tenantId) ?? []), { type: "transaction.reorged", object: serializeTransaction(record) }]);
    for (const [tenantId, list] of byTenant) if (await emitAll(tenantId, list, client)) forOutbox = true;
    return moved;
  }, chainPool);
  if (forOutbox) nudgeOutbox();
  return reopened;
}
