// Cron triggers under local executors. Every instance checks its app's schedules at each tick and starts
// the tick's run unless another instance sharing the database already did (intake.startScheduledRun).
// A schedule seen for the first time counts its latest tick as done, so it first fires at its next tick;
// an instance starting after downtime starts only the latest missed tick, never the backlog.
import { latestTick, nextTick } from "./cron";
import { startScheduledRun } from "./intake";
import type { App } from "./registry";
import { json, sql } from "./sql";

/** Longest sleep between checks with the wall clock, so a clock change or a suspended machine is noticed. */
const MAX_SLEEP_MS = 60_000;
/** Retry delay after a failed check (e.g. the database was briefly unreachable). */
const RETRY_MS = 5_000;

/** Records the app's schedules (new ones as done up to their latest tick) and forgets the ones no longer defined. */
export async function registerSchedules(app: App, now: number): Promise<void> {
  const schedules = [...app.functions.values()].flatMap((fn) =>
    fn.cronTriggers.map((schedule) => ({ function_id: fn.id, cron: schedule.expression, last_tick_at: new Date(latestTick(schedule, now)) })),
  );
  await sql(
    "register-schedules",
    `WITH defined AS (SELECT * FROM json_to_recordset($1::json) AS s(function_id text, cron text, last_tick_at timestamptz)),
     forgotten AS (
       DELETE FROM job_cron_schedules j WHERE function_id = ANY($2::text[])
         AND NOT EXISTS (SELECT 1 FROM defined d WHERE d.function_id = j.function_id AND d.cron = j.cron))
     INSERT INTO job_cron_schedules (function_id, cron, last_tick_at)
     SELECT function_id, cron, last_tick_at FROM defined ON CONFLICT DO NOTHING`,
    [json(schedules), [...app.functions.keys()]],
  );
}

export interface CronLoopOptions {
  /** Epoch ms; a test clock is checked every `pollMs`, the wall clock at each next tick. */
  clock?: () => number;
  pollMs: number;
  /** A run was started here. */
  started(): void;
  log(message: string, error: unknown): void;
}

export class CronLoop {
  /** Per schedule, the latest tick known to be started (here or elsewhere). */
  private readonly done = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  private checking?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly app: App,
    private readonly options: CronLoopOptions,
  ) {}

  start() {
    if ([...this.app.functions.values()].some((fn) => fn.cronTriggers.length)) this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.checking;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.checking = this.check().finally(() => (this.checking = undefined));
    }, delayMs);
  }

  private async check() {
    const now = (this.options.clock ?? Date.now)();
    let next = Number.POSITIVE_INFINITY;
    let failed = false;
    for (const fn of this.app.functions.values()) {
      for (const schedule of fn.cronTriggers) {
        const key = `${fn.id} ${schedule.expression}`;
        const due = latestTick(schedule, now);
        next = Math.min(next, nextTick(schedule, now));
        if (due <= (this.done.get(key) ?? -1) || this.stopped) continue;
        try {
          if (await startScheduledRun(fn, schedule.expression, due)) this.options.started();
          this.done.set(key, due);
        } catch (error) {
          failed = true;
          this.options.log(`starting the ${new Date(due).toISOString()} run of ${fn.id} failed`, error);
        }
      }
    }
    if (this.options.clock) return this.schedule(this.options.pollMs);
    // A few ms late rather than early: a timer that fires early finds the previous tick and sleeps again.
    const untilNext = Math.min(MAX_SLEEP_MS, Math.max(0, next - Date.now() + 5));
    this.schedule(failed ? Math.min(RETRY_MS, untilNext) : untilNext);
  }
}
