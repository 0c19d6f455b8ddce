// Exactly once for a write that commits rows and no chain write (a webhook endpoint, an API key, a paymaster, a
// secret's rotation…: the `once` routes of test/creates-once.routes.ts): its answer is stored as the keyed
// request's answer in the database transaction that commits its rows. A failure after that commit (an error, a
// lost answer, an instance that died) cannot make a retry run it again: the key holds an answer, so
// lib/api/idempotency never releases the claim, and the retry replays it (a secret shown once included: the
// stored body is sealed). Before the commit nothing is stored, and a failure releases the key as ever, for the
// retry to run anew.
import { seal } from "@/lib/crypto/secrets";
import { db, type Queryable } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { claimAnswerTarget, claimCommitted } from "@/lib/core/idempotency-context";

type Executor = Queryable | Prisma.TransactionClient;

/** Stores `body` as the running keyed request's answer, through `tx` (the transaction of its rows); answers `body`. */
export async function answerWithRows<T>(tx: Executor, kind: string, body: T): Promise<T> {
  await injectedFault("FAULT_BEFORE_COMMIT", [{ kind }]);
  const claim = claimAnswerTarget();
  if (!claim) return body;
  const { tenantId, livemode, key, status } = claim.target;
  const sql = `UPDATE idempotency_records SET response_status = $5, response_body = $6
    WHERE tenant_id = $1 AND livemode = $2 AND key = $3 AND claim_id = $4 AND response_status IS NULL`;
  const values = [tenantId, livemode, key, claim.claimId, status, seal(JSON.stringify(body))];
  if ("query" in tx) await tx.query(sql, values);
  else await tx.$executeRawUnsafe(sql, ...values);
  return body;
}

/** A create of rows alone (`kind` names it for the fault injection): `work` in one Prisma transaction, its answer committed with it. */
export async function createOnce<T>(kind: string, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  const answer = await db.$transaction(async (tx) => answerWithRows(tx, kind, await work(tx)));
  claimCommitted();
  await injectedFaultAfterCommit([{ kind }]);
  return answer;
}

/**
 * Fault injection for the exactly-once tests: with FAULT_AFTER_COMMIT set to kinds (chain-write kinds, or the
 * kind of a create of rows alone; comma-separated, or `*`), a request whose writes of such a kind just committed
 * fails, as a lost RPC answer or a failed dispatch would; with FAULT_AFTER_COMMIT_HANG=1 as well, it never answers
 * instead (for a kill -9 of its instance). FAULT_BEFORE_COMMIT fails a create of rows alone before its commit.
 */
export async function injectedFaultAfterCommit(records: { kind: string }[]) {
  if (await injectedFault("FAULT_AFTER_COMMIT", records)) await new Promise(() => {});
}

async function injectedFault(variable: "FAULT_AFTER_COMMIT" | "FAULT_BEFORE_COMMIT", records: { kind: string }[]) {
  const kinds = process.env[variable]?.split(",");
  if (!kinds || !records.some((r) => kinds.includes("*") || kinds.includes(r.kind))) return false;
  if (variable === "FAULT_AFTER_COMMIT" && process.env.FAULT_AFTER_COMMIT_HANG === "1") return true;
  const when = variable === "FAULT_AFTER_COMMIT" ? "after" : "before";
  throw new Error(`${variable}: injected failure ${when} the commit of ${records.map((r) => r.kind).join(", ")}`);
}
