// How events become runs: event rows, the runs they start (created with the event when the app is
// served by this process, else dispatched by the app's executors), and runs started by step.invoke.
import type { Prisma } from "@/lib/db";
import { eventNameMatches, evaluate, matches } from "./expressions";
import { newId } from "./ids";
import type { App, JobFunction } from "./registry";
import { FINAL, json, NOW, sql, transaction, type Queryable } from "./sql";

/** A run to create; its event is the payload of the event row it is created with. */
export interface NewRun {
  id: string;
  functionId: string;
  parentRunId: string | null;
  concurrencyKey: string | null;
  concurrencyMax: number | null;
  /** Created as claimed by a local executor (token, lease) that drives it once it is recorded. */
  claim?: { token: string; leaseMs: number };
}

/** An event row to insert, with the runs it starts in apps served by this process (see ./events). */
export interface NewEvent {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  key: string | null;
  runs: NewRun[];
}

/** Events received together; `localApps` are the apps whose runs they carry (served by this process). */
export interface EventBatch {
  events: NewEvent[];
  localApps: string[];
  receivedAt: Date;
}

/**
 * A new run of `fn` for `event`. Its concurrency key (first `concurrency` option of the function) limits
 * how many runs with that key are driven at once, as Inngest limits executing steps; sleeping and
 * waiting runs do not count.
 */
export function newRun(fn: JobFunction, event: Record<string, unknown>, extra: { id?: string; parentRunId?: string } = {}): NewRun {
  const concurrency = fn.concurrency?.limit ? fn.concurrency : undefined;
  let concurrencyKey: string | null = null;
  if (concurrency) {
    const scope = concurrency.scope && concurrency.scope !== "fn" ? concurrency.scope : fn.id;
    const key = concurrency.key ? String(safeEvaluate(concurrency.key, { event })) : "";
    concurrencyKey = `${scope}:${key}`;
  }
  return {
    id: extra.id ?? newId("run"),
    functionId: fn.id,
    parentRunId: extra.parentRunId ?? null,
    concurrencyKey,
    concurrencyMax: concurrency?.limit ?? null,
  };
}

/** The same, as a Prisma row. */
export function newRunRow(fn: JobFunction, event: Record<string, unknown>, extra: { id?: string; parentRunId?: string } = {}) {
  return { ...newRun(fn, event, extra), event: event as Prisma.InputJsonObject } satisfies Prisma.JobRunCreateManyInput;
}

/** The runs an event starts in `app`: one per function with a matching trigger. */
export function triggeredRuns(app: App, event: { name?: unknown } & Record<string, unknown>): NewRun[] {
  const runs: NewRun[] = [];
  for (const fn of app.functions.values()) {
    const hit = fn.eventTriggers.some((t) => eventNameMatches(t.event, String(event.name)) && matches(t.expression, { event }));
    if (hit) runs.push(newRun(fn, event));
  }
  return runs;
}

function safeEvaluate(expression: string, context: Record<string, unknown>): unknown {
  try {
    return evaluate(expression, context);
  } catch {
    return "";
  }
}

/** Inserts runs ($1: a JSON array of runParams); each run's event is its event row's payload in `events`, else its own. */
const INSERT_RUNS = (events?: string) => `
  INSERT INTO job_runs (id, function_id, event, parent_run_id, concurrency_key, concurrency_max, next_run_at, updated_at,
    status, locked_by, locked_until)
  SELECT r.id, r.function_id, ${events ? "e.payload" : "r.event"}, r.parent_run_id, r.concurrency_key, r.concurrency_max, ${NOW}, now(),
    CASE WHEN r.locked_by IS NULL THEN 'queued' ELSE 'running' END, r.locked_by, now() + r.lease_ms * interval '1 millisecond'
  FROM json_to_recordset($1::json) AS r(id text, event_id text, event jsonb, function_id text, parent_run_id text,
    concurrency_key text, concurrency_max int, locked_by text, lease_ms int)
  ${events ? `JOIN ${events} e ON e.id = r.event_id` : ""}
  ON CONFLICT (id) DO NOTHING`;

const runParams = (runs: (NewRun & { eventId?: string; event?: unknown })[]) =>
  json(
    runs.map((r) => ({
      id: r.id,
      event_id: r.eventId ?? null,
      event: r.event ?? null,
      function_id: r.functionId,
      parent_run_id: r.parentRunId,
      concurrency_key: r.concurrencyKey,
      concurrency_max: r.concurrencyMax,
      locked_by: r.claim?.token ?? null,
      lease_ms: r.claim?.leaseMs ?? null,
    })),
  );

/** Creates runs whose event is given (runs started by step.invoke); a repeated id is skipped. */
export async function insertRuns(runs: (NewRun & { event: Record<string, unknown> })[]): Promise<void> {
  await sql("insert-runs", INSERT_RUNS(), [runParams(runs)]);
}

/**
 * Starts the run of a cron tick, unless an instance sharing the database already has: the schedule's last
 * tick moves forward to `tickAt` (compare-and-set on its row) and the run is created in the same
 * statement. Returns whether this call started it.
 */
export async function startScheduledRun(fn: JobFunction, cron: string, tickAt: number): Promise<boolean> {
  const id = newId("evt");
  const event = { name: "inngest/scheduled.timer", id, data: { cron }, ts: tickAt };
  const { rowCount } = await sql(
    "start-scheduled-run",
    `WITH tick AS (
       UPDATE job_cron_schedules SET last_tick_at = $4 WHERE function_id = $2 AND cron = $3 AND last_tick_at < $4
       RETURNING $5::text AS id, $6::jsonb AS payload),
     runs AS (${INSERT_RUNS("tick")} RETURNING 1)
     SELECT 1 FROM runs`,
    [runParams([{ ...newRun(fn, event), eventId: id }]), fn.id, cron, new Date(tickAt), id, json(event)],
  );
  return Boolean(rowCount);
}

/**
 * Records events in one statement: each event row (an event whose sender-given id was seen before is
 * dropped, with its runs), the runs it starts in apps served by this process, and a wake-up for runs
 * waiting for its name. Apps known now but not served here (`pending_apps`) start theirs when their
 * executors dispatch it. Returns the ids of the events that were new, and how many waiting runs it woke.
 */
export async function insertEvents(
  { events, localApps, receivedAt }: EventBatch,
  client?: Queryable,
): Promise<{ ids: Set<string>; woken: number }> {
  if (!events.length) return { ids: new Set(), woken: 0 };
  const runs = events.flatMap((e) => e.runs.map((r) => ({ ...r, eventId: e.id })));
  const { rows } = await sql<{ ids: string[]; woken: number }>(
    "insert-events",
    `WITH inserted AS (
       INSERT INTO job_events (id, name, payload, idempotency_key, received_at, pending_apps)
       SELECT e.id, e.name, e.payload, e.key, $4::timestamptz, ARRAY(SELECT id FROM job_apps WHERE id <> ALL($3::text[]))
       FROM json_to_recordset($2::json) AS e(id text, name text, payload jsonb, key text)
       ON CONFLICT DO NOTHING
       RETURNING id, name, payload),
     runs AS (${INSERT_RUNS("inserted")}),
     woken AS (
       UPDATE job_runs SET next_run_at = ${NOW}, wake_seq = wake_seq + 1
       WHERE wait_events && ARRAY(SELECT DISTINCT name FROM inserted) AND status NOT IN ${FINAL}
       RETURNING 1)
     SELECT coalesce(array_agg(id), '{}') AS ids, (SELECT count(*)::int FROM woken) AS woken FROM inserted`,
    [runParams(runs), json(events.map(({ id, name, payload, key }) => ({ id, name, payload, key }))), localApps, receivedAt],
    client,
  );
  return { ids: new Set(rows[0].ids), woken: rows[0].woken };
}

/**
 * Starts this app's runs for events recorded by other processes (or before this app's executor started
 * here), and wakes runs waiting for those event names. Events are locked with SKIP LOCKED so concurrent
 * executors of one app start each run exactly once.
 */
export async function dispatchEvents(app: App, limit = 100): Promise<number> {
  const probe = await sql("pending-events", `SELECT 1 FROM job_events WHERE pending_apps @> ARRAY[$1::text] LIMIT 1`, [app.id]);
  if (!probe.rowCount) return 0;
  return transaction(async (client) => {
    const { rows: events } = await sql<{ id: string; name: string; payload: Record<string, unknown> }>(
      "lock-events",
      `SELECT id, name, payload FROM job_events WHERE pending_apps @> ARRAY[$1::text]
       ORDER BY received_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [app.id, limit],
      client,
    );
    if (!events.length) return 0;
    const runs = events.flatMap((e) => triggeredRuns(app, e.payload).map((r) => ({ ...r, eventId: e.id })));
    await sql(
      "dispatch-events",
      `WITH runs AS (${INSERT_RUNS("job_events")}),
       woken AS (
         UPDATE job_runs SET next_run_at = ${NOW}, wake_seq = wake_seq + 1
         WHERE wait_events && $2::text[] AND status NOT IN ${FINAL})
       UPDATE job_events SET pending_apps = array_remove(pending_apps, $3) WHERE id = ANY($4::text[])`,
      [runParams(runs), [...new Set(events.map((e) => e.name))], app.id, events.map((e) => e.id)],
      client,
    );
    return events.length;
  });
}
