// Durations as the Inngest SDK writes them ("1s", "2h30m10s", or an ISO date for sleepUntil),
// and the retry backoff of the local executor.

const UNIT_MS: Record<string, number> = { w: 604_800_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000 };

/** Milliseconds in an SDK time string such as "1h30m"; "" is zero. Throws on anything else. */
export function parseDuration(text: string): number {
  if (!/^(\d+[wdhms])*$/.test(text)) throw new Error(`Unrecognised duration "${text}"`);
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+)([wdhms])/g)) total += Number(amount) * UNIT_MS[unit];
  return total;
}

/** The moment an op named by a duration ("1s") or an ISO date ends, counted from `from`. */
export function deadline(durationOrDate: string, from = Date.now()): Date {
  if (/^\d{4}-\d{2}-\d{2}T/.test(durationOrDate)) return new Date(durationOrDate);
  return new Date(from + parseDuration(durationOrDate));
}

export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/** Exponential backoff with ±20% jitter, so retries of many runs do not land together. */
export function backoffMs(attempt: number, { baseMs, maxMs }: Backoff): number {
  const exact = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exact * (0.8 + Math.random() * 0.4));
}

/** The delay a `retry-after` value asks for: whole seconds or an ISO date; undefined if absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
