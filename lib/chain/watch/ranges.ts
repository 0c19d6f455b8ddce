// eth_getLogs in bounded block ranges. Hosted RPCs cap a range (often 1,000–10,000 blocks) or the logs one
// answer may hold, and refuse ranges from block 0: a scan goes in chunks, halves its span while the RPC
// refuses one, and remembers the span that worked per chain for the next scan (this process only).
import { HttpRequestError } from "viem";

/** The span a chain starts with; also the most it grows back to. */
export const MAX_LOG_SPAN = 2_000n;
/** Successful chunks before a halved span is tried doubled again (a refusal may have been about that range's logs). */
const GROW_AFTER = 20;

const spans = new Map<string, { span: bigint; successes: number }>();

/** The span to use on the chain now. */
export function logSpan(chainKey: string): bigint {
  return spans.get(chainKey)?.span ?? MAX_LOG_SPAN;
}

/** The RPC refused a range of `span` blocks: true if a smaller one is worth trying (and now remembered). */
export function shrinkLogSpan(chainKey: string, span: bigint, error: unknown): boolean {
  // A rate limit is no answer about the range: halving would only make more calls.
  if (error instanceof HttpRequestError && error.status === 429) return false;
  if (span <= 1n) return false;
  spans.set(chainKey, { span: span / 2n, successes: 0 });
  return true;
}

/** A range of `span` blocks was answered. */
export function logSpanWorked(chainKey: string, span: bigint) {
  const known = spans.get(chainKey);
  if (!known || known.span !== span) return;
  if (++known.successes < GROW_AFTER || span >= MAX_LOG_SPAN) return;
  spans.set(chainKey, { span: span * 2n > MAX_LOG_SPAN ? MAX_LOG_SPAN : span * 2n, successes: 0 });
}

/**
 * Scans [from, to] in chunks: `fetch` each chunk (retried smaller while refused), then `each` with its result
 * and bounds, in block order, before the next chunk is fetched: the caller commits a chunk's results with
 * its progress, so a failure later keeps what is done. `each` returning false stops the scan.
 */
export async function scanLogRanges<T>(
  chainKey: string,
  from: bigint,
  to: bigint,
  fetch: (from: bigint, to: bigint) => Promise<T>,
  each: (result: T, from: bigint, to: bigint) => Promise<boolean | void>,
): Promise<void> {
  for (let start = from; start <= to; ) {
    const span = logSpan(chainKey);
    const end = start + span - 1n < to ? start + span - 1n : to;
    let result: T;
    try {
      result = await fetch(start, end);
    } catch (error) {
      if (shrinkLogSpan(chainKey, span, error)) continue;
      throw error;
    }
    logSpanWorked(chainKey, span);
    if ((await each(result, start, end)) === false) return;
    start = end + 1n;
  }
}
