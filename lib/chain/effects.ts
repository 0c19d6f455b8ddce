// What a confirmed or failed transaction does beyond its own record, per kind (e.g. a deploy fills in
// the token's address and emits token.deployed). Areas register their handlers in `handlers` below.
import type { TransactionReceipt } from "viem";
import type { Queryable } from "@/lib/db";
import type { Transaction } from "@/lib/generated/prisma/client";
import type { EventType } from "@/lib/webhooks/event-types";
import { tokenEffects } from "@/lib/tokens/effects";

export interface EffectContext {
  tx: Transaction;
  /** The database transaction that finalizes the record (raw pg: this path runs for every chain write). */
  client: Queryable;
}

/** An event an effect asks for; recorded with transaction.confirmed/failed, before it, in one statement. */
export interface EffectEvent {
  type: EventType;
  object: object;
}

export interface TxEffectHandler {
  /** Runs in the same database transaction that marks the record confirmed. */
  onConfirmed?(ctx: EffectContext & { receipt: TransactionReceipt }): Promise<EffectEvent[] | void>;
  /** Runs in the same database transaction that marks the record failed. */
  onFailed?(ctx: EffectContext & { reason: string }): Promise<EffectEvent[] | void>;
}

const handlers: Record<string, TxEffectHandler> = { ...tokenEffects };

export const effectFor = (kind: string): TxEffectHandler | undefined => handlers[kind];
