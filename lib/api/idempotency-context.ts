// Which idempotency claim the running request holds (lib/api/idempotency), for the chain writes it makes:
// each write's record carries the claim and its ordinal in the request, so a request run again after its
// first instance died mid-way finds the record that instance made instead of making a second one.
import { AsyncLocalStorage } from "node:async_hooks";

interface Claim {
  id: string;
  /** Taken over from a request whose instance died: its writes may exist already. */
  resumed: boolean;
  writes: number;
  /** Set when the request's operation is over: work it started that outlives it is not the request. */
  over: boolean;
}

const storage = new AsyncLocalStorage<Claim>();

/** Runs a request's operation under its idempotency claim. */
export async function runUnderClaim<T>(claimId: string, resumed: boolean, operation: () => Promise<T>): Promise<T> {
  const claim: Claim = { id: claimId, resumed, writes: 0, over: false };
  try {
    return await storage.run(claim, operation);
  } finally {
    claim.over = true;
  }
}

/**
 * The reference of the next chain write of this request (the same on a re-run of it), and whether the
 * request resumes a dead one's (look for the write first); null outside a request with an idempotency key.
 */
export function nextWriteRef(): { ref: string; resumed: boolean } | null {
  const claim = storage.getStore();
  if (!claim || claim.over) return null;
  claim.writes += 1;
  return { ref: claim.writes === 1 ? claim.id : `${claim.id}#${claim.writes}`, resumed: claim.resumed };
}

/** Runs `work` outside any request's claim (durable work a request started, e.g. an executor's drive). */
export function outsideRequest<T>(work: () => T): T {
  return storage.exit(work);
}
