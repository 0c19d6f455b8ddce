// The one path of every chain write: a transaction record (pending) is created, then the Inngest
// function `process-transaction` signs it with the tenant's wallet, allocates the nonce, submits it,
// waits for confirmations, marks it confirmed or failed and runs the kind's effect (lib/chain/effects).
import type { Address, Hex } from "viem";
import { db, type Prisma } from "@/lib/db";
import { newId, unixSeconds } from "@/lib/api/ids";
import { notFound } from "@/lib/api/errors";
import { paginate } from "@/lib/api/pagination";
import type { ListParams } from "@/lib/schemas/common";
import type { Transaction } from "@/lib/generated/prisma/client";
import { inngest } from "@/inngest/client";
import { chainTarget } from "./clients";
import { tenantWallet } from "./wallets";

export const TRANSACTION_REQUESTED = "chain/transaction.requested";

export interface ChainWrite {
  tenantId: string;
  livemode: boolean;
  network: string;
  /** What the write does, e.g. "token.deploy", "token.mint"; selects the effect handler. */
  kind: string;
  tokenId?: string;
  /** Contract called; omitted for a contract creation (then `data` is bytecode + constructor args). */
  to?: Address;
  data: Hex;
  value?: bigint;
  /** The validated request body, shown on the record. */
  request: Record<string, unknown>;
  /** Kind-specific data the effect handler needs when the transaction ends (JSON). */
  effect?: Record<string, unknown>;
}

/** Creates the pending record; pass the caller's database transaction to commit it with other records. */
export async function recordChainWrite(write: ChainWrite, tx: Prisma.TransactionClient = db): Promise<Transaction> {
  const wallet = await tenantWallet(write.tenantId, tx);
  return tx.transaction.create({
    data: {
      id: newId("tx"),
      tenantId: write.tenantId,
      livemode: write.livemode,
      network: write.network,
      chainKey: chainTarget(write.network).chainKey,
      kind: write.kind,
      tokenId: write.tokenId,
      fromAddress: wallet.address,
      toAddress: write.to,
      data: write.data,
      value: (write.value ?? 0n).toString(),
      request: write.request as Prisma.InputJsonValue,
      effect: write.effect as Prisma.InputJsonValue | undefined,
    },
  });
}

/** Starts processing of committed records. A lost dispatch is picked up by the reconciler. */
export async function dispatchTransactions(ids: string[]) {
  if (ids.length) await inngest.send(ids.map((id) => ({ name: TRANSACTION_REQUESTED, id: `dispatch-${id}`, data: { transactionId: id } })));
}

/** record + dispatch: the usual way to write to the chain. Returns the serialised record (status pending). */
export async function submitChainWrite(write: ChainWrite) {
  const record = await recordChainWrite(write);
  await dispatchTransactions([record.id]);
  return serializeTransaction(record);
}

export function serializeTransaction(t: Transaction) {
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
    livemode: t.livemode,
    created: unixSeconds(t.createdAt),
    submitted: t.submittedAt ? unixSeconds(t.submittedAt) : null,
    confirmed: t.confirmedAt ? unixSeconds(t.confirmedAt) : null,
  };
}

export interface TransactionFilters {
  status?: string;
  token?: string;
  network?: string;
  kind?: string;
}

export function listTransactions(tenantId: string, livemode: boolean, params: ListParams & TransactionFilters) {
  const where: Prisma.TransactionWhereInput = { tenantId, livemode };
  if (params.status) where.status = params.status;
  if (params.token) where.tokenId = params.token;
  if (params.network) where.network = params.network;
  if (params.kind) where.kind = params.kind;
  return paginate(db.transaction, where, params, serializeTransaction);
}

export async function getTransaction(tenantId: string, livemode: boolean, id: string) {
  const t = await db.transaction.findFirst({ where: { id, tenantId, livemode } });
  if (!t) throw notFound("transaction", id);
  return serializeTransaction(t);
}
