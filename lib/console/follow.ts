// What the console follows after an action: the record the action created (a transaction, a vault operation,
// a vesting schedule, a governance instance), read as the API shows it, until it reaches a final state.
import { getTransaction } from "@/lib/chain/intake";
import { getVaultOperation } from "@/lib/vaults/service";
import { getVesting } from "@/lib/vesting/service";
import { getGovernance } from "@/lib/governance/service";
import type { Scope } from "@/lib/core/scope";
import { consoleWording } from "./wording";

export const FOLLOWED = ["transaction", "vault_operation", "vesting_schedule", "governance"] as const;
export type Followed = (typeof FOLLOWED)[number];

/**
 * The states after which a record changes no more (a vesting schedule's `funding` still moves on to `active`;
 * a governance instance's `deploying` and `configuring` to `active`).
 */
const FINAL = new Set(["confirmed", "succeeded", "active", "failed"]);

export interface RecordState {
  id: string;
  status: string;
  final: boolean;
  /** Why it failed, in the console's words. */
  failure: string | null;
  /** The transaction that moves it now (its page shows the chain's detail). */
  transaction: string | null;
}

const state = (id: string, status: string, failure: string | null | undefined, transaction: string | null): RecordState => ({
  id, status, final: FINAL.has(status), failure: failure ? consoleWording(failure) : null, transaction,
});

/** The record now; `parent` is the vault of a vault operation. Another tenant's record answers 404. */
export async function recordState(scope: Scope, kind: Followed, id: string, parent?: string): Promise<RecordState> {
  if (kind === "transaction") {
    const t = await getTransaction(scope.tenantId, scope.livemode, id);
    return state(t.id, t.status, t.error ? t.error.message || t.error.code : null, t.id);
  }
  if (kind === "vault_operation") {
    const op = await getVaultOperation(scope, parent ?? "", id);
    return state(op.id, op.status, op.failure_reason, op.transaction ?? op.approve_transaction);
  }
  if (kind === "governance") {
    const g = await getGovernance(scope, id);
    return state(g.id, g.status, g.failure_reason, g.transaction);
  }
  const v = await getVesting(scope, id);
  return state(v.id, v.status, v.failure_reason, v.transaction);
}
