// Which idempotency claim the running request holds (lib/api/idempotency), for the chain writes it makes:
// each write's record carries the claim and its ordinal in the request, so a request run again under the same
// claim (its first instance died mid-way, or it failed after its writes committed) finds the records the first
// run made instead of making them a second time.
import { AsyncLocalStorage } from "node:async_hooks";

interface Claim {
  id: string;
  /** Run again under a claim whose writes may exist already. */
  resumed: boolean;
  writes: number;
  /** Rows committed under the claim (lib/chain/intake/resources): the claim is the request's for good, even without a chain write. */
  committed: boolean;
  /** Set when the request's operation is over: work it started that outlives it is not the request. */
  over: boolean;
}

export interface AnswerTarget {
  tenantId: string;
  livemode: boolean;
  key: string;
  status: number;
}

const storage = new AsyncLocalStorage<Claim>();
/**
 * The key's record and the route's success status: where an answer committed with the request's rows goes
 * (lib/db/answer-once). Only the request that claimed the key answers there: a request run inside it without a
 * key of its own (a batch's operation) shares the claim's writes but not its answer.
 */
const answering = new AsyncLocalStorage<AnswerTarget | undefined>();

export type RequestClaim = Readonly<Claim>;

/** Runs a request's operation under its idempotency claim; the claim shows afterwards how many write references it took. */
export async function runUnderClaim<T>(claim: { id: string; resumed: boolean; answer?: AnswerTarget }, operation: () => Promise<T>): Promise<{ result: T; claim: RequestClaim }> {
  const state: Claim = { id: claim.id, resumed: claim.resumed, writes: 0, committed: false, over: false };
  try {
    return { result: await storage.run(state, () => answering.run(claim.answer, operation)), claim: state };
  } catch (error) {
    throw new OperationFailed(error, state);
  } finally {
    state.over = true;
  }
}

/** An operation's error, with the claim it ran under (how many chain writes it may have recorded). */
export class OperationFailed extends Error {
  constructor(readonly error: unknown, readonly claim: RequestClaim) {
    super(error instanceof Error ? error.message : String(error));
  }
}

/** The reference of a request's n-th chain write (1-based): the claim itself, then `claim#n`. */
export const writeRef = (claimId: string, n: number) => (n === 1 ? claimId : `${claimId}#${n}`);

/** The references of the writes 1..n of a claim. */
export const writeRefs = (claimId: string, n: number) => Array.from({ length: n }, (_, i) => writeRef(claimId, i + 1));

const active = () => {
  const claim = storage.getStore();
  return claim && !claim.over ? claim : null;
};

/**
 * The reference of the next chain write of this request (the same on a re-run of it), and whether the
 * request resumes an earlier run (look for the write first); null outside a request with an idempotency key.
 */
export function nextWriteRef(): { ref: string; resumed: boolean } | null {
  const claim = active();
  if (!claim) return null;
  claim.writes += 1;
  return { ref: writeRef(claim.id, claim.writes), resumed: claim.resumed };
}

/** Where the running request's claim stands: the next write's ordinal is `writes + 1`; null outside a claimed request. */
export function claimMark(): { id: string; writes: number; resumed: boolean } | null {
  const claim = active();
  return claim ? { id: claim.id, writes: claim.writes, resumed: claim.resumed } : null;
}

/** The references of `count` writes after a mark (the ones a kit call takes, or took). */
export const refsAfter = (mark: { id: string; writes: number }, count: number) =>
  Array.from({ length: count }, (_, i) => writeRef(mark.id, mark.writes + i + 1));

/** Sets the running request's write count (past the writes an earlier run recorded, or back to a mark after a rollback). */
export function setClaimWrites(writes: number) {
  const claim = active();
  if (claim) claim.writes = writes;
}

/** Notes that the running request committed rows under its claim (kept on a failure after it, for a retry to find them). */
export function claimCommitted() {
  const claim = active();
  if (claim) claim.committed = true;
}

/** Where the running request's answer goes when it commits with its rows; null outside a claimed request. */
export function claimAnswerTarget(): { claimId: string; target: AnswerTarget } | null {
  const claim = active();
  const target = answering.getStore();
  return claim && target ? { claimId: claim.id, target } : null;
}

/** Runs a request that has no key of its own: an answer its rows commit with is not the enclosing request's. */
export function withoutClaimAnswer<T>(work: () => T): T {
  return answering.run(undefined, work);
}

/** Runs `work` outside any request's claim (durable work a request started, e.g. an executor's drive). */
export function outsideRequest<T>(work: () => T): T {
  return storage.exit(work);
}
