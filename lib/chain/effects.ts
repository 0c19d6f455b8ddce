// What a confirmed or failed transaction does beyond its own record, per kind (e.g. a deploy fills in
// the token's address and emits token.deployed). Areas register their handlers in `handlers` below.
import type { TransactionReceipt } from "viem";
import type { Prisma } from "@/lib/db";
import type { Transaction } from "@/lib/generated/prisma/client";
import { tokenEffects } from "@/lib/tokens/effects";

export interface EffectContext {
  tx: Transaction;
  db: Prisma.TransactionClient;
}

export interface TxEffectHandler {
  /** Runs in the same database transaction that marks the record confirmed. */
  onConfirmed?(ctx: EffectContext & { receipt: TransactionReceipt }): Promise<void>;
  /** Runs in the same database transaction that marks the record failed. */
  onFailed?(ctx: EffectContext & { reason: string }): Promise<void>;
}

const handlers: Record<string, TxEffectHandler> = { ...tokenEffects };

export const effectFor = (kind: string): TxEffectHandler | undefined => handlers[kind];
