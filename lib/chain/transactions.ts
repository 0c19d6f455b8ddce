// The one path of every chain write. Intake creates the record (pending) and wakes its wallet's run
// (inngest/functions/process-wallet.ts), which signs, sends and follows the wallet's whole backlog
// (lib/chain/eoa) and ends each record with its operation's effect and events (lib/chain/finalize).
import type { Address, Hex } from "viem";
import type { Queryable } from "@/lib/db";
import { newId } from "@/lib/api/ids";
import { notFound } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { ListParams } from "@/lib/schemas/common";
import type { Transaction } from "@/lib/generated/prisma/client";
import { inngest } from "@/inngest/client";
import { chainTarget } from "./clients";
import { platformAccount } from "./platform";
import { actingFor } from "@/lib/connect/wallet-mode";
import { asSmartAccountCall } from "@/lib/connect/user-operations";
import type { SubmitterName } from "./submitters";
import { clearWake, notifyWallet, requestWake, walletRunHere } from "./nonces";
import { estimateAhead } from "./eoa/sign";
import type { OperationKind } from "./operations";
import { serializeTransaction } from "./serialize";
import { finalize } from "./finalize";
import { storeAtIntake } from "./intake";
import { findRecord, insertRecord, loadTransaction, pageOfRecords, type NewRecord, type RecordFilters } from "./records";

export { serializeTransaction };

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

export interface ChainWrite {
  tenantId: string;
  livemode: boolean;
  network: string;
  /** What the write does; declares its effects and events in lib/chain/operations. */
  kind: OperationKind;
  tokenId?: string;
  /** Contract called; omitted for a contract creation (then `data` is bytecode + constructor args). */
  to?: Address;
  data: Hex;
  value?: bigint;
  /** The validated request body, shown on the record. */
  request: Record<string, unknown>;
  /** Kind-specific data the operation needs when the transaction ends (JSON). */
  effect?: Record<string, unknown>;
  /** Who signs: the tenant's custodial wallet (default), or the platform signer for owner-only calls on the platform's base contracts (lib/chain/platform.ts). */
  signer?: "tenant" | "platform";
}

async function newRecord(write: ChainWrite): Promise<NewRecord> {
  const id = newId("tx");
  const acting = write.signer === "platform"
    ? { mode: "custodial" as const, address: platformAccount(write.network).address }
    : await actingFor({ tenantId: write.tenantId, livemode: write.livemode }, write.network);
  const record: NewRecord = {
    id, tenantId: write.tenantId, livemode: write.livemode, network: write.network, chainKey: chainTarget(write.network).chainKey,
    kind: write.kind, tokenId: write.tokenId, fromAddress: acting.address, toAddress: write.to, data: write.data,
    value: (write.value ?? 0n).toString(), request: write.request, effect: write.effect,
  };
  // Connect mode: the tenant's smart account makes the write as a user operation (lib/connect/user-operations.ts).
  return acting.mode === "connect" ? { ...asSmartAccountCall(record), submitter: "user_operation" } : record;
}

/** Creates the pending record without waking its wallet; pass the caller's database transaction to commit it with other rows, then wakeWallets. */
export async function recordChainWrite(write: ChainWrite, client?: Queryable): Promise<Transaction> {
  return insertRecord(await newRecord(write), client);
}

type Sender = Pick<Transaction, "fromAddress" | "chainKey" | "network"> & { submitter?: string };

const workFor = (r: Sender): WalletWork => ({
  wallet: `${r.fromAddress}:${r.chainKey}`, from: r.fromAddress, chainKey: r.chainKey, network: r.network,
  submitter: r.submitter === "user_operation" ? "user_operation" : "eoa",
});

/** Starts runs for these wallets now (the reconciler, and a run that continues in a new one). */
export async function dispatchWallets(records: Sender[]) {
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

async function dispatchWoken(record: Transaction) {
  const work = workFor(record);
  try {
    await inngest.send({ name: WALLET_WORK, data: work });
  } catch (error) {
    console.error(`chain: could not dispatch the run of ${work.wallet} (the reconciler will): ${error instanceof Error ? error.message : error}`);
    await clearWake({ from: work.from, chainKey: work.chainKey }).catch(() => {});
  }
}

/** record + wake (one round trip): the usual way to write to the chain. Returns the serialised record (status pending). */
export async function submitChainWrite(write: ChainWrite) {
  const fresh = await newRecord(write);
  // The wallet's run is in this process: its gas is estimated while the record is stored, not in the run's pass.
  if (fresh.submitter !== "user_operation" && walletRunHere({ from: fresh.fromAddress, chainKey: fresh.chainKey })) {
    estimateAhead(fresh, chainTarget(fresh.network));
  }
  const { record, wake } = await storeAtIntake(fresh);
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
