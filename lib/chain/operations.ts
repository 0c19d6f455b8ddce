// The typed registry of chain-write kinds: every kind of write is declared once, with what happens when
// its transaction ends (the effect on our records and the events to emit, in the same database
// transaction that finalizes the record). A kind missing here is a compile error where it is written.
import type { TransactionReceipt } from "viem";
import type { Queryable } from "@/lib/db";
import type { Transaction } from "@/lib/generated/prisma/client";
import type { EventType } from "@/lib/webhooks/event-types";
import type { ChainWrite } from "./transactions";
import { tokenOperations } from "@/lib/tokens/effects";
import { trexTokenOperations } from "@/lib/trex/effects";
import { trustedIssuerOperations } from "@/lib/trex/trusted-issuers-effects";
import { controlOperations } from "@/lib/trex/controls-effects";
import { complianceOperations } from "@/lib/trex/compliance-effects";
import { identityOperations } from "@/lib/trex/identity-effects";
import { vestingOperations } from "@/lib/vesting/effects";

export interface EffectContext {
  tx: Transaction;
  /** The database transaction that finalizes the record (raw pg: this path runs for every chain write). */
  client: Queryable;
  /** Records a follow-up chain write in the same database transaction; its wallet is woken after commit. */
  submit(write: ChainWrite): Promise<Transaction>;
}

/** An event an operation asks for; recorded with transaction.confirmed/failed, before it, in one statement. */
export interface EffectEvent {
  type: EventType;
  object: object;
}

export interface Operation {
  /**
   * The events of a confirmation that changes nothing else of ours (no onConfirmed): the record is then
   * ended and its events recorded in one statement (lib/chain/finalize).
   */
  confirmedEvents?(tx: Transaction): EffectEvent[];
  /** Runs in the same database transaction that marks the record confirmed. */
  onConfirmed?(ctx: EffectContext & { receipt: TransactionReceipt }): Promise<EffectEvent[] | void>;
  /** Runs in the same database transaction that marks the record failed. */
  onFailed?(ctx: EffectContext & { reason: string }): Promise<EffectEvent[] | void>;
}

const operations = {
  ...tokenOperations,
  ...trexTokenOperations,
  ...trustedIssuerOperations,
  ...controlOperations,
  ...complianceOperations,
  ...identityOperations,
  ...vestingOperations,
  /** A 0-value self-transfer that uses up a nonce whose own record ended before it was sent. */
  "nonce.fill": {},
} satisfies Record<string, Operation>;

export type OperationKind = keyof typeof operations;

export const operationFor = (kind: string): Operation | undefined => (operations as Record<string, Operation>)[kind];
