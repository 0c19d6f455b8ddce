// The typed registry of chain-write kinds. Each area declares its kinds once (an object of operations: what
// happens when a transaction of that kind ends, the effect on its records and the events to emit, in the same
// database transaction that finalizes the record) in its module (lib/<area>/module.ts, ./modules).
// lib/composition derives `OperationKinds` from the modules it registers, so a kind no module registers is a
// compile error where it is written; lib/chain imports no area, and intake refuses such a kind at run time
// too (assertKindRegistered), before anything is recorded.
import type { Address, Hex, TransactionReceipt } from "viem";
import type { Queryable } from "@/lib/db";
import type { Transaction } from "@/lib/generated/prisma/client";
import type { EventType } from "@/lib/core/event-types";

/** The names of the kinds of chain write: lib/composition adds those of the modules it registers. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OperationKinds {
  /** A 0-value self-transfer that uses up a nonce whose own record ended before it was sent. */
  "nonce.fill": true;
}

export type OperationKind = keyof OperationKinds & string;

export interface ChainWrite {
  tenantId: string;
  livemode: boolean;
  network: string;
  /** What the write does; declares its effects and events in the registry. */
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
  /** Who signs: the tenant's acting account (default), or the platform signer for owner-only calls on the platform's base contracts (lib/chain/eoa/platform-signer.ts). */
  signer?: "tenant" | "platform";
}

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
   * ended and its events recorded in one statement (lib/chain/records/finalize).
   */
  confirmedEvents?(tx: Transaction): EffectEvent[];
  /** Runs in the same database transaction that marks the record confirmed. */
  onConfirmed?(ctx: EffectContext & { receipt: TransactionReceipt }): Promise<EffectEvent[] | void>;
  /** Runs in the same database transaction that marks the record failed. */
  onFailed?(ctx: EffectContext & { reason: string }): Promise<EffectEvent[] | void>;
}

const operations = new Map<string, Operation>([["nonce.fill", {}]]);

/** Registers the modules' operations (lib/composition); a kind registered twice is a programming error. */
export function registerOperations(declared: { [K in OperationKind]?: Operation }) {
  for (const [kind, operation] of Object.entries(declared) as [string, Operation][]) {
    if (operations.has(kind) && operations.get(kind) !== operation) throw new Error(`lib/chain: the operation kind '${kind}' is registered twice`);
    operations.set(kind, operation);
  }
}

/** The operation of a record's kind. A kind nobody registered means the entry point skipped lib/composition. */
export function operationFor(kind: string): Operation {
  const operation = operations.get(kind);
  if (!operation) throw new Error(`lib/chain: no operation is registered for '${kind}': import "@/lib/composition" in the entry point`);
  return operation;
}

/** Every registered kind, the built-in nonce.fill included. */
export const registeredKinds = (): string[] => [...operations.keys()];

/** Refuses a chain write whose kind no module registered: a programming error, raised before anything is recorded. */
export function assertKindRegistered(kind: string) {
  if (operations.has(kind)) return;
  if (operations.size === 1) throw new Error(`lib/chain: no operation is registered for '${kind}': import "@/lib/composition" in the entry point`);
  throw new Error(`lib/chain: no module registers the chain write kind '${kind}' (add it to the operations of its area's lib/<area>/module.ts); nothing was recorded`);
}
