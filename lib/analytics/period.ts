// The period of an analytics query and the pieces its SQL shares. Days are UTC; the series runs from
// (today - days + 1) to today, one row per day even when nothing happened.
import { Prisma } from "@/lib/db";

export type Period = "7d" | "30d" | "90d";

/**
 * Whose figures, in which mode: analytics show test or live data, never both (like the console's switch).
 * Rule for records of no mode: they count in both modes. Those are the events with a null `livemode`
 * (auth.*, api_key.*, wallet). Tokens, transactions and webhook endpoints always have a mode, and a
 * webhook delivery has its endpoint's mode: a mode-less event is delivered to the endpoints of both modes
 * (lib/webhooks/outbox.ts), and each of those deliveries counts once, in the mode of its endpoint.
 */
export interface Scope {
  tenantId: string;
  livemode: boolean;
}

export const periodDays = (period: Period) => ({ "7d": 7, "30d": 30, "90d": 90 })[period];

/** The `days(day)` CTE: one `timestamp` (UTC midnight) per day of the period. */
export const daysCte = (period: Period) => Prisma.sql`days AS (
  SELECT d AS day FROM generate_series(
    date_trunc('day', now() AT TIME ZONE 'UTC') - ${periodDays(period) - 1}::int * interval '1 day',
    date_trunc('day', now() AT TIME ZONE 'UTC'),
    interval '1 day') AS d
)`;

/** The period with the first and last date of its series. */
export function window(period: Period, series: { date: string }[]) {
  return { period, start: series[0]?.date, end: series[series.length - 1]?.date };
}

export const rate = (good: number, bad: number) => (good + bad > 0 ? round(good / (good + bad), 4) : null);

export const round = (value: number | null, digits = 3) => (value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits);

/**
 * Rows of a GROUPING SETS query in the order to read them: coarser groupings first (GROUPING() has a 1
 * bit per column left out), so a day's own row comes before its breakdowns.
 */
export const coarseFirst = <R extends { g: number }>(rows: R[]) => [...rows].sort((a, b) => b.g - a.g);

/** Counts by a column, leaving out the null key of days where nothing happened. */
export function addCount(counts: Record<string, number>, key: string | null, n: number) {
  if (key !== null && n > 0) counts[key] = n;
}
