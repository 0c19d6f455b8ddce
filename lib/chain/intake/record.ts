// Intake's first half: a chain write becomes a pending record of its sender (the tenant's acting account, as
// ./senders resolves it, or the platform signer), and the sender's run is woken. Shared by the request path
// (./transactions) and by finalize, whose effects may record follow-up writes.
import { recordAttributes, traceCarrier, withSpan } from "@/lib/observability/tracing";
import type { Queryable } from "@/lib/db";
import { newId } from "@/lib/core/ids";
import { nextWriteRef } from "@/lib/core/idempotency-context";
import type { Transaction } from "@/lib/generated/prisma/client";
import { inngest } from "@/lib/jobs/client";
import { chainTarget } from "@/lib/chain/network/clients";
import { platformAccount } from "@/lib/chain/eoa/platform-signer";
import { assertKindRegistered, type ChainWrite } from "@/lib/chain/registry/kinds";
import { registeredSubmitter, senderOf, type Sender, type SubmitterName } from "@/lib/chain/registry/senders";
import { clearWake, notifyWallet, requestWake } from "@/lib/chain/eoa/nonces";
import { insertRecord, type NewRecord } from "@/lib/chain/records/statements";

/** Asks for a run of a wallet on a chain; runs of one wallet are serialised by the function's concurrency key. */
export const WALLET_WORK = "chain/wallet.work";

export interface WalletWork {
  /** `${from}:${chainKey}`, the concurrency key. */
  wallet: string;
  from: string;
  chainKey: string;
  network: string;
  submitter: SubmitterName;
}

export async function newRecord(write: ChainWrite): Promise<NewRecord> {
  const sender: Sender = write.signer === "platform"
    ? { address: platformAccount(write.network).address, submitter: "eoa" }
    : await senderOf({ tenantId: write.tenantId, livemode: write.livemode }, write.network);
  const record: NewRecord = {
    id: newId("tx"), tenantId: write.tenantId, livemode: write.livemode, network: write.network, chainKey: chainTarget(write.network).chainKey,
    kind: write.kind, tokenId: write.tokenId, fromAddress: sender.address, toAddress: write.to, data: write.data,
    value: (write.value ?? 0n).toString(), request: write.request, effect: write.effect,
  };
  if (sender.submitter === "eoa") return record;
  const prepare = registeredSubmitter(sender.submitter).prepare;
  return { ...(prepare ? prepare(record) : record), submitter: sender.submitter };
}

/**
 * A check a new chain write of a request must pass before anything is recorded or sent (e.g. the plan's
 * quotas, registered by lib/composition): it throws the request's error. Follow-up writes that an operation's
 * effect records (lib/chain/records/finalize) are not checked: the operation they complete was admitted already.
 * `client` is the caller's database transaction, when the write is recorded in one.
 */
export type IntakeGuard = (write: ChainWrite, client?: Queryable) => Promise<void>;
const intakeGuards: IntakeGuard[] = [];

export function registerIntakeGuard(guard: IntakeGuard) {
  if (!intakeGuards.includes(guard)) intakeGuards.push(guard);
}

/** Admits a request's chain write: its kind is registered (else a programming error) and every guard passes. */
export async function admitChainWrite(write: ChainWrite, client?: Queryable) {
  assertKindRegistered(write.kind);
  for (const guard of intakeGuards) await guard(write, client);
}

/**
 * Creates the pending record without waking its wallet, under the request's idempotency claim (so a request run
 * again finds it: ./resources); pass the caller's database transaction to commit it with other rows, then wakeWallets.
 */
export function recordChainWrite(write: ChainWrite, client?: Queryable): Promise<Transaction> {
  return withSpan("chain.intake", {}, async (span) => {
    await admitChainWrite(write, client);
    const record = await insertRecord({ ...(await newRecord(write)), idempotencyClaim: nextWriteRef()?.ref ?? null }, client);
    span.setAttributes(recordAttributes([record]));
    return record;
  });
}

/** recordChainWrite for the follow-up writes of an operation's effect (lib/chain/records/finalize): no intake guard. */
export async function recordFollowUp(write: ChainWrite, client: Queryable): Promise<Transaction> {
  assertKindRegistered(write.kind);
  return insertRecord(await newRecord(write), client);
}

type SenderOfRecord = Pick<Transaction, "fromAddress" | "chainKey" | "network"> & { submitter?: string };

export const workFor = (r: SenderOfRecord): WalletWork => ({
  wallet: `${r.fromAddress}:${r.chainKey}`, from: r.fromAddress, chainKey: r.chainKey, network: r.network,
  submitter: (r.submitter ?? "eoa") as SubmitterName,
});

/** Starts runs for these wallets now (the reconciler, and a run that continues in a new one). */
export async function dispatchWallets(records: SenderOfRecord[]) {
  const work = [...new Map(records.map((r) => [`${r.fromAddress}:${r.chainKey}`, workFor(r)])).values()];
  if (work.length) await inngest.send(work.map((data) => ({ name: WALLET_WORK, data })));
}

/**
 * Wakes the wallets of committed records. Never fails the request that made them: a record that exists is
 * answered; if the dispatch is lost, the flag is lowered again so the next write re-dispatches, and the
 * reconciler picks the record up in any case.
 */
export async function wakeWallets(records: Transaction[]) {
  for (const record of new Map(records.map((r) => [`${r.fromAddress}:${r.chainKey}`, r])).values()) {
    const wallet = { from: record.fromAddress, chainKey: record.chainKey };
    if (await requestWake(wallet)) await dispatchWoken(record);
    else notifyWallet(wallet);
  }
}

export async function dispatchWoken(record: SenderOfRecord) {
  const work = workFor(record);
  try {
    await inngest.send({ name: WALLET_WORK, data: { ...work, trace: traceCarrier() } }); // the run continues the request's trace
  } catch (error) {
    console.error(`chain: could not dispatch the run of ${work.wallet} (the reconciler will): ${error instanceof Error ? error.message : error}`);
    await clearWake({ from: work.from, chainKey: work.chainKey }).catch(() => {});
  }
}
