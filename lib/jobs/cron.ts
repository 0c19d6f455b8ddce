// Cron triggers as Inngest reads them: five fields (minute hour day-of-month month day-of-week, numbers,
// month and weekday names, * ? , - /), optionally prefixed with "TZ=<IANA zone>" (or "CRON_TZ="); UTC
// otherwise. Nothing finer than a minute, no "@hourly" and no L/W/# extensions: Inngest refuses those,
// so a function using them must fail here too. Croner computes the ticks.
import { Cron } from "croner";

export interface CronSchedule {
  /** The trigger as written, e.g. "TZ=Europe/Paris 0 12 * * 5". */
  expression: string;
  timezone: string;
  pattern: Cron;
}

const FIELD = /^(\*|\?|\d+|[a-z]{3})(-(\d+|[a-z]{3}))?(\/\d+)?$/i;

/** Parses a cron trigger; throws an error saying what is wrong with it. */
export function parseCron(expression: string): CronSchedule {
  const [, timezone = "UTC", fields = ""] = /^(?:(?:CRON_)?TZ=(\S+)\s+)?(.*)$/s.exec(expression.trim())!;
  const parts = fields.trim().split(/\s+/);
  const valid = parts.length === 5 && parts.every((part) => part.split(",").every((item) => FIELD.test(item)));
  if (!valid) throw new Error(`"${expression}" is not a cron schedule Inngest accepts (five fields, optional TZ= prefix)`);
  let pattern: Cron;
  try {
    pattern = new Cron(parts.join(" "), { paused: true, mode: "5-part", timezone });
    pattern.nextRun(); // an unknown time zone only shows when a time is computed
  } catch (error) {
    throw new Error(`"${expression}" is not a valid cron schedule: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { expression, timezone, pattern };
}

/** The latest tick at or before `now` (epoch ms); 0 if there is none. */
export function latestTick(schedule: CronSchedule, now: number): number {
  // Croner looks strictly before a whole second; ticks fall on whole minutes, so this is "at or before now".
  const [tick] = schedule.pattern.previousRuns(1, new Date(now + 1_000));
  return tick?.getTime() ?? 0;
}

/** The first tick after `now` (epoch ms). */
export function nextTick(schedule: CronSchedule, now: number): number {
  return schedule.pattern.nextRun(new Date(now))?.getTime() ?? Number.POSITIVE_INFINITY;
}
