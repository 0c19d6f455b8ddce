// The on-chain resource kit: how an area records its rows and the chain writes behind them, exactly once.
// The writes and the rows commit in one database transaction, each write under the request's idempotency claim
// (lib/core/idempotency-context). A request run again under the same claim (its first instance died, or it failed
// after this commit and the client retried) first looks for what the earlier run committed, before any check, and
// answers that; only when nothing was committed does it check and record. The wallets are woken after the commit.
// A call whose rows may commit without any chain write (a proposal, a claim waiting for its issuer, a
// configuration-only record) stamps them with the call's claim reference (their idempotency_claim column), and
// a request run again finds them by it (`rows.find`); a call that always commits rows alone (a decrypt request)
// commits its answer with them instead (lib/db/answer-once), which a retry replays.
import { claimCommitted, claimMark, refsAfter, setClaimWrites } from "@/lib/core/idempotency-context";
import { transaction, type Queryable } from "@/lib/db";
import type { Transaction } from "@/lib/generated/prisma/client";
import type { ChainWrite } from "@/lib/chain/registry/kinds";
import { findByIdempotencyClaims, isClaimConflict } from "@/lib/chain/records/statements";
import { recordChainWrite, wakeWallets } from "@/lib/chain/intake/record";
import { answerWithRows, injectedFaultAfterCommit } from "@/lib/db/answer-once";

/** The most chain writes one kit call records (a resumed request looks up this many references). */
const MAX_WRITES = 8;

export interface Recorder {
  /** The database transaction the area's rows go in. */
  client: Queryable;
  /** Records a chain write (pending, under the request's claim) in this transaction. */
  record(write: ChainWrite): Promise<Transaction>;
  /** The claim reference to stamp on the area's rows (their idempotency_claim column); null outside a keyed request. */
  claim: string | null;
}

export interface OnceSpec<R, C> {
  /** What must hold before anything is recorded (chain reads, 4xx answers); not run when an earlier run recorded. */
  check?: () => Promise<C>;
  /** Records the writes (through `tx.record`) and the area's rows, in one database transaction. */
  record: (tx: Recorder, checked: C) => Promise<R>;
  /** The answer built from the writes an earlier run of this request committed (in recording order); a call with `rows` may omit it. */
  find?: (writes: Transaction[]) => Promise<R>;
  /**
   * For a call that may commit rows and no chain write: `kind` names them for the fault injection, `find` answers
   * the row stamped with the call's claim reference (`tx.claim`) by an earlier run, or null. Without `find`, the
   * answer commits with the rows (lib/db/answer-once).
   */
  rows?: { kind: string; find?: (claim: string) => Promise<R | null> };
}

/** Records an area's writes and rows once per request (see the file's comment) and answers them. */
export async function writeOnce<R, C = undefined>(spec: OnceSpec<R, C>): Promise<R> {
  const mark = claimMark();
  if (mark?.resumed) {
    const earlier = await answerEarlier(mark, spec);
    if (earlier) return earlier.answer;
  }
  const checked = (spec.check ? await spec.check() : undefined) as C;
  const claim = mark ? refsAfter(mark, 1)[0] : null;
  const recorded: Transaction[] = [];
  let answer: R;
  try {
    answer = await transaction(async (client) => {
      recorded.length = 0;
      const answered = await spec.record({ client, claim, record: async (write) => pushed(recorded, await recordChainWrite(write, client)) }, checked);
      return spec.rows && !spec.rows.find ? answerWithRows(client, spec.rows.kind, answered) : answered;
    });
  } catch (error) {
    // The earlier run was not dead after all and committed under the claim meanwhile: still one set of writes.
    if (!mark || !isClaimConflict(error)) throw error;
    setClaimWrites(mark.writes);
    const earlier = await answerEarlier(mark, spec);
    if (!earlier) throw error;
    return earlier.answer;
  }
  if (mark && spec.rows) {
    claimCommitted();
    if (!recorded.length) setClaimWrites(mark.writes + 1); // the rows took the reference: a later call takes the next
  }
  await injectedFaultAfterCommit(spec.rows ? [...recorded, { kind: spec.rows.kind }] : recorded);
  await wakeWallets(recorded);
  return answer;
}

async function answerEarlier<R>(mark: { id: string; writes: number }, spec: Pick<OnceSpec<R, unknown>, "find" | "rows">) {
  const writes = await findByIdempotencyClaims(refsAfter(mark, MAX_WRITES));
  const row = spec.rows?.find ? await spec.rows.find(refsAfter(mark, 1)[0]) : null;
  if (row === null && !writes.length) return null;
  setClaimWrites(mark.writes + Math.max(writes.length, 1));
  await wakeWallets(writes); // the earlier run may have died before it woke them (the reconciler would, later)
  if (row !== null) return { answer: row };
  if (!spec.find) throw new Error("writeOnce: chain writes under the claim, and no find for them");
  return { answer: await spec.find(writes) };
}

const pushed = (list: Transaction[], record: Transaction) => (list.push(record), record);
