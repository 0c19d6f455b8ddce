// Run and event state in PostgreSQL. Every write to a claimed run is fenced by `locked_by`: an executor
// whose lease expired (and whose run another executor took over) cannot overwrite the newer state.
import { db, Prisma } from "@/lib/db";
import type { JobRun } from "@/lib/generated/prisma/client";
import { eventNameMatches, evaluate, matches } from "./expressions";
import { eventRows, type EventPayload } from "./events";
import { newId } from "./ids";
import type { App, JobFunction } from "./registry";

export class LeaseLost extends Error {
  constructor(runId: string) {
    super(`Run ${runId} is no longer held by this executor`);
  }
}

export type ClaimedRun = JobRun & { lockedBy: string; claimedFrom: string };

const json = (value: unknown) => (value ?? Prisma.JsonNull) as Prisma.InputJsonValue;

export async function registerApp(appId: string): Promise<void> {
  // ON CONFLICT DO NOTHING: instances of one app start at the same time.
  await db.jobApp.createMany({ data: [{ id: appId }], skipDuplicates: true });
}

/**
 * A new run of `fn` for `event`. Its concurrency key (first `concurrency` option of the function) limits
 * how many runs with that key are driven at once, as Inngest limits executing steps; sleeping and
 * waiting runs do not count.
 */
export function newRunRow(
  fn: JobFunction,
  event: Record<string, unknown>,
  extra: { id?: string; parentRunId?: string } = {},
): Prisma.JobRunCreateManyInput {
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
    event: json(event),
    parentRunId: extra.parentRunId ?? null,
    concurrencyKey,
    concurrencyMax: concurrency?.limit ?? null,
  };
}

function safeEvaluate(expression: string, context: Record<string, unknown>): unknown {
  try {
    return evaluate(expression, context);
  } catch {
    return "";
  }
}

/**
 * Starts this app's runs for events not yet seen by it, and wakes runs waiting for those event names.
 * Events are locked with SKIP LOCKED so concurrent executors of one app start each run exactly once.
 */
export async function dispatchEvents(app: App, limit = 100): Promise<number> {
  return db.$transaction(async (tx) => {
    const events = await tx.$queryRaw<{ id: string; name: string; payload: Record<string, unknown> }[]>`
      SELECT id, name, payload FROM job_events
      WHERE pending_apps @> ARRAY[${app.id}]::text[]
      ORDER BY received_at LIMIT ${limit}
      FOR UPDATE SKIP LOCKED`;
    if (!events.length) return 0;
    const runs = events.flatMap((event) =>
      [...app.functions.values()]
        .filter((fn) =>
          fn.eventTriggers.some((t) => eventNameMatches(t.event, event.name) && matches(t.expression, { event: event.payload })),
        )
        .map((fn) => newRunRow(fn, event.payload)),
    );
    if (runs.length) await tx.jobRun.createMany({ data: runs });
    const names = [...new Set(events.map((e) => e.name))];
    await tx.$executeRaw`
      UPDATE job_runs SET next_run_at = now(), wake_seq = wake_seq + 1
      WHERE wait_events && ${names}::text[] AND status NOT IN ('completed', 'failed', 'cancelled')`;
    await tx.$executeRaw`
      UPDATE job_events SET pending_apps = array_remove(pending_apps, ${app.id})
      WHERE id = ANY(${events.map((e) => e.id)}::text[])`;
    return events.length;
  });
}

/**
 * Takes up to `limit` due runs of this app's functions: new, retrying, sleeping or waiting runs whose time
 * has come, and running runs whose executor's lease expired. Claims are serialised by an advisory lock
 * so concurrency limits hold across instances; SKIP LOCKED keeps claims from waiting on busy rows.
 */
export async function claimRuns(app: App, token: string, limit: number, leaseMs: number): Promise<ClaimedRun[]> {
  if (limit <= 0) return [];
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtext('job_runs.claim'))`;
    const candidates = await tx.$queryRaw<
      { id: string; status: string; concurrencyKey: string | null; concurrencyMax: number | null }[]
    >`
      SELECT id, status, concurrency_key AS "concurrencyKey", concurrency_max AS "concurrencyMax" FROM job_runs
      WHERE function_id = ANY(${[...app.functions.keys()]}::text[])
        AND ((status IN ('queued', 'sleeping', 'waiting') AND next_run_at <= now())
          OR (status = 'running' AND locked_until < now()))
      ORDER BY next_run_at LIMIT ${limit * 4}
      FOR UPDATE SKIP LOCKED`;
    const keys = [...new Set(candidates.flatMap((c) => (c.concurrencyKey ? [c.concurrencyKey] : [])))];
    const busy = new Map<string, number>();
    if (keys.length) {
      const counts = await tx.$queryRaw<{ key: string; n: number }[]>`
        SELECT concurrency_key AS key, count(*)::int AS n FROM job_runs
        WHERE concurrency_key = ANY(${keys}::text[]) AND status = 'running' AND locked_until >= now()
        GROUP BY concurrency_key`;
      for (const { key, n } of counts) busy.set(key, n);
    }
    const chosen = candidates
      .filter((c) => {
        if (!c.concurrencyKey || !c.concurrencyMax) return true;
        const running = busy.get(c.concurrencyKey) ?? 0;
        if (running >= c.concurrencyMax) return false;
        busy.set(c.concurrencyKey, running + 1);
        return true;
      })
      .slice(0, limit);
    if (!chosen.length) return [];
    const ids = chosen.map((c) => c.id);
    await tx.$executeRaw`
      UPDATE job_runs SET status = 'running', locked_by = ${token},
        locked_until = now() + ${leaseMs}::int * interval '1 millisecond', updated_at = now()
      WHERE id = ANY(${ids}::text[])`;
    const rows = await tx.jobRun.findMany({ where: { id: { in: ids } }, orderBy: { nextRunAt: "asc" } });
    const previous = new Map(chosen.map((c) => [c.id, c.status]));
    return rows.map((row) => ({ ...row, lockedBy: token, claimedFrom: previous.get(row.id)! }));
  });
}

export async function renewLeases(tokens: string[], leaseMs: number): Promise<void> {
  if (!tokens.length) return;
  await db.$executeRaw`
    UPDATE job_runs SET locked_until = now() + ${leaseMs}::int * interval '1 millisecond'
    WHERE locked_by = ANY(${tokens}::text[])`;
}

/** Saves a claimed run's progress; returns its wake sequence as of this write. */
export async function saveRun(
  run: ClaimedRun,
  data: Prisma.JobRunUpdateManyMutationInput,
  alongside: Prisma.PrismaPromise<unknown>[] = [],
): Promise<number> {
  const update = db.jobRun.updateManyAndReturn({ where: { id: run.id, lockedBy: run.lockedBy }, data, select: { wakeSeq: true } });
  const results = alongside.length ? await db.$transaction([...alongside, update]) : [await update];
  const rows = results.at(-1) as { wakeSeq: number }[];
  if (!rows.length) throw new LeaseLost(run.id);
  return rows[0].wakeSeq;
}

/**
 * Lets go of a run until `at`. If something woke it after `seenWakeSeq` (an event arrived, an invoked run
 * ended) while this executor was checking, it is due again at once instead, so no wake-up is lost.
 * A null `seenWakeSeq` releases until `at` regardless.
 */
export async function releaseRun(run: ClaimedRun, status: string, at: Date, seenWakeSeq: number | null): Promise<void> {
  const updated = await db.$executeRaw`
    UPDATE job_runs SET status = ${status}, locked_by = NULL, locked_until = NULL, updated_at = now(),
      next_run_at = CASE WHEN ${seenWakeSeq}::int IS NULL OR wake_seq = ${seenWakeSeq}::int THEN ${at}::timestamptz ELSE now() END
    WHERE id = ${run.id} AND locked_by = ${run.lockedBy}`;
  if (!updated) throw new LeaseLost(run.id);
}

/** Ends a run; wakes the run that invoked it; a failure emits inngest/function.failed (onFailure handlers). */
export async function finishRun(
  run: ClaimedRun,
  result: { status: "completed"; output: unknown } | { status: "failed"; error: unknown },
  state: Prisma.JobRunUpdateManyMutationInput,
): Promise<void> {
  const alongside: Prisma.PrismaPromise<unknown>[] = [];
  if (run.parentRunId) {
    alongside.push(
      db.jobRun.updateMany({ where: { id: run.parentRunId }, data: { nextRunAt: new Date(), wakeSeq: { increment: 1 } } }),
    );
  }
  if (result.status === "failed") {
    const failed: EventPayload = {
      name: "inngest/function.failed",
      data: { function_id: run.functionId, run_id: run.id, error: result.error, event: run.event },
    };
    alongside.push(db.jobEvent.createMany({ data: await eventRows(db, [failed]) }));
  }
  await saveRun(
    run,
    {
      ...state,
      status: result.status,
      output: result.status === "completed" ? json(result.output) : undefined,
      error: result.status === "failed" ? json(result.error) : undefined,
      pending: {},
      waitEvents: [],
      lockedBy: null,
      lockedUntil: null,
      endedAt: new Date(),
    },
    alongside,
  );
}

/** Cancels a run that has not ended; an executor driving it loses its claim and writes nothing more. */
export async function cancelRun(runId: string): Promise<boolean> {
  const [run] = await db.jobRun.updateManyAndReturn({
    where: { id: runId, status: { notIn: ["completed", "failed", "cancelled"] } },
    data: { status: "cancelled", lockedBy: null, lockedUntil: null, pending: {}, waitEvents: [], endedAt: new Date() },
    select: { parentRunId: true },
  });
  if (run?.parentRunId) {
    await db.jobRun.updateMany({ where: { id: run.parentRunId }, data: { nextRunAt: new Date(), wakeSeq: { increment: 1 } } });
  }
  return Boolean(run);
}

export const toJson = json;
