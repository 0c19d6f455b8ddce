// Run and event state in PostgreSQL. Every write to a claimed run is fenced by `locked_by`: an executor
// whose lease expired (and whose run another executor took over) cannot overwrite the newer state.
// Hot statements are raw SQL (./sql), one round trip each; rare ones (cancel) use Prisma. Creating runs
// from events is in ./intake.
import pg from "pg";
import { db, pool } from "@/lib/db";
import { insertEvents, type EventBatch } from "./intake";
import type { StepResult } from "./protocol";
import type { App } from "./registry";
import { json, NOW, sql, transaction, type Queryable } from "./sql";

export { newRunRow } from "./intake";

const { escapeLiteral } = pg;

export class LeaseLost extends Error {
  constructor(runId: string) {
    super(`Run ${runId} is no longer held by this executor`);
  }
}

/** A run as an executor holds it. `claimedFrom` is its status before the claim. */
export interface ClaimedRun {
  id: string;
  functionId: string;
  event: Record<string, unknown>;
  attempt: number;
  steps: Record<string, StepResult>;
  stack: string[];
  pending: Record<string, unknown>;
  wakeSeq: number;
  parentRunId: string | null;
  lockedBy: string;
  claimedFrom: string;
}

/** What the driver saves of a run between calls. */
export interface RunState {
  steps: Record<string, StepResult>;
  stack: string[];
  pending: Record<string, unknown>;
  attempt: number;
  waitEvents: string[];
}

export async function registerApp(appId: string): Promise<void> {
  // ON CONFLICT DO NOTHING: instances of one app start at the same time.
  await db.jobApp.createMany({ data: [{ id: appId }], skipDuplicates: true });
}

/**
 * The claim statement: candidates (SKIP LOCKED, so claims never wait on busy rows) of the functions with
 * room, concurrency limits (running runs per key plus candidates in order), each function's room, and the
 * update, returning the claimed runs.
 */
const claimStatement = (fns: string, rooms: string, limit: string, token: string, leaseMs: string, driving: string) => `
  WITH room AS (SELECT * FROM unnest(${fns}, ${rooms}) AS r(function_id, n)),
  candidates AS (
    SELECT id, status, next_run_at, concurrency_key, concurrency_max, function_id FROM job_runs
    WHERE function_id = ANY(${fns}) AND id <> ALL(${driving})
      AND ((status IN ('queued', 'sleeping', 'waiting') AND next_run_at <= now())
        OR (status = 'running' AND locked_until < now()))
    ORDER BY next_run_at LIMIT ${limit} * 4
    FOR UPDATE SKIP LOCKED),
  busy AS (
    SELECT concurrency_key, count(*)::int AS n FROM job_runs
    WHERE concurrency_key IN (SELECT concurrency_key FROM candidates) AND status = 'running' AND locked_until >= now()
    GROUP BY concurrency_key),
  chosen AS (
    SELECT id, status, next_run_at FROM (
      SELECT c.*, coalesce(b.n, 0) + row_number() OVER (PARTITION BY c.concurrency_key ORDER BY c.next_run_at, c.id) AS slot,
        row_number() OVER (PARTITION BY c.function_id ORDER BY c.next_run_at, c.id) AS function_slot
      FROM candidates c LEFT JOIN busy b USING (concurrency_key)) ranked
    JOIN room USING (function_id)
    WHERE (concurrency_key IS NULL OR concurrency_max IS NULL OR slot <= concurrency_max) AND function_slot <= room.n
    ORDER BY next_run_at LIMIT ${limit}),
  claimed AS (
    UPDATE job_runs r SET status = 'running', locked_by = ${token},
      locked_until = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
    FROM chosen WHERE r.id = chosen.id
    RETURNING r.id, r.function_id AS "functionId", r.event, r.attempt, r.steps, coalesce(r.stack, '{}') AS stack,
      r.pending, r.wake_seq AS "wakeSeq", r.parent_run_id AS "parentRunId", r.locked_by AS "lockedBy",
      chosen.status AS "claimedFrom", chosen.next_run_at)
  SELECT claimed.*, (SELECT count(*)::int FROM candidates) AS seen
  FROM (SELECT 1) one LEFT JOIN claimed ON true ORDER BY claimed.next_run_at`;

type ClaimRow = ClaimedRun & { seen: number; next_run_at: Date };

/**
 * Takes up to `limit` due runs of this app's functions: new, retrying, sleeping or waiting runs whose time
 * has come, and running runs whose executor's lease expired, except the runs this executor is `driving`
 * (its own lease may lapse while a slow step runs: the run must not be driven twice at once); `more` says
 * whether due runs were left (no room, or held back by a concurrency limit). `rooms` caps the runs taken per
 * function (a function left out, or at 0, is not claimed for). One round trip. For apps with concurrency keys the
 * claim statement follows an advisory lock in the same implicit transaction (a two-statement simple
 * query, so values are inlined as literals): it counts running runs as of after any other claim
 * committed, so limits hold across instances.
 */
export async function claimDueRuns(
  app: App,
  token: string,
  limit: number,
  leaseMs: number,
  driving: string[] = [],
  rooms?: Map<string, number>,
): Promise<{ runs: ClaimedRun[]; more: boolean }> {
  if (limit <= 0) return { runs: [], more: true };
  const room = [...app.functions.keys()].map((id) => [id, Math.trunc(rooms?.get(id) ?? limit)] as const).filter(([, n]) => n > 0);
  if (!room.length) return { runs: [], more: true };
  const fns = room.map(([id]) => id);
  const counts = room.map(([, n]) => n);
  let rows: ClaimRow[];
  if ([...app.functions.values()].some((fn) => fn.concurrency?.limit)) {
    const list = (values: string[]) => `ARRAY[${values.map(escapeLiteral).join(", ")}]::text[]`;
    const statement = claimStatement(list(fns), `ARRAY[${counts.join(", ")}]::int[]`, String(Math.trunc(limit)), escapeLiteral(token), String(Math.trunc(leaseMs)), list(driving));
    const results = (await pool.query(`SELECT pg_advisory_xact_lock(hashtext('job_runs.claim'));${statement}`)) as unknown as pg.QueryResult<ClaimRow>[];
    rows = results[1].rows;
  } else {
    const statement = claimStatement("$1::text[]", "$6::int[]", "$2::int", "$3", "$4::int", "$5::text[]");
    rows = (await sql<ClaimRow>("claim", statement, [fns, limit, token, leaseMs, driving, counts])).rows;
  }
  const runs = rows.filter((r) => r.id !== null).map(({ seen: _, next_run_at: __, ...run }) => run as ClaimedRun);
  return { runs, more: rows[0].seen > runs.length };
}

/** Extends the leases of the runs still held by these claim tokens; returns those runs' ids. */
export async function renewLeases(tokens: string[], leaseMs: number): Promise<Set<string>> {
  if (!tokens.length) return new Set();
  const { rows } = await sql<{ id: string }>(
    "renew",
    `UPDATE job_runs SET locked_until = now() + $2::int * interval '1 millisecond' WHERE locked_by = ANY($1::text[]) RETURNING id`,
    [tokens, leaseMs],
  );
  return new Set(rows.map((r) => r.id));
}

/** Saves a claimed run's progress (the fields given); returns its wake sequence as of this write. */
export async function saveRun(run: Pick<ClaimedRun, "id" | "lockedBy">, state: Partial<RunState>): Promise<number> {
  const { rows } = await sql<{ wake_seq: number }>(
    "save",
    `UPDATE job_runs SET steps = coalesce($3::jsonb, steps), stack = coalesce($4::text[], stack),
       pending = coalesce($5::jsonb, pending), attempt = coalesce($6::int, attempt),
       wait_events = coalesce($7::text[], wait_events), updated_at = now()
     WHERE id = $1 AND locked_by = $2 RETURNING wake_seq`,
    [
      run.id,
      run.lockedBy,
      state.steps && json(state.steps),
      state.stack,
      state.pending && json(state.pending),
      state.attempt,
      state.waitEvents,
    ].map((v) => v ?? null),
  );
  if (!rows.length) throw new LeaseLost(run.id);
  return rows[0].wake_seq;
}

/**
 * Lets go of a run until `at`. If something woke it after `seenWakeSeq` (an event arrived, an invoked run
 * ended) while this executor was checking, it is due again at once instead, so no wake-up is lost.
 * A null `seenWakeSeq` releases until `at` regardless.
 */
export async function releaseRun(run: ClaimedRun, status: string, at: Date, seenWakeSeq: number | null): Promise<void> {
  const { rowCount } = await sql(
    "release",
    `UPDATE job_runs SET status = $3, locked_by = NULL, locked_until = NULL, updated_at = now(),
       next_run_at = CASE WHEN $5::int IS NULL OR wake_seq = $5::int THEN $4::timestamptz ELSE ${NOW} END
     WHERE id = $1 AND locked_by = $2`,
    [run.id, run.lockedBy, status, at, seenWakeSeq],
  );
  if (!rowCount) throw new LeaseLost(run.id);
}

/**
 * Ends a run and wakes the run that invoked it, in one statement. A failure also records
 * inngest/function.failed (for onFailure handlers) in the same transaction.
 */
export async function finishRun(
  run: ClaimedRun,
  result: { status: "completed"; output: unknown } | { status: "failed"; error: unknown },
  state: RunState,
  failureEvent?: EventBatch,
): Promise<void> {
  const finish = (client?: Queryable) =>
    sql(
      "finish",
      `WITH done AS (
         UPDATE job_runs SET status = $3, output = $4::jsonb, error = $5::jsonb, steps = $6::jsonb, stack = $7::text[],
           attempt = $8, pending = '{}', wait_events = '{}', locked_by = NULL, locked_until = NULL,
           ended_at = now(), updated_at = now()
         WHERE id = $1 AND locked_by = $2 RETURNING parent_run_id),
       parent AS (
         UPDATE job_runs p SET next_run_at = ${NOW}, wake_seq = p.wake_seq + 1 FROM done WHERE p.id = done.parent_run_id)
       SELECT 1 FROM done`,
      [
        run.id,
        run.lockedBy,
        result.status,
        result.status === "completed" ? json(result.output) : null,
        result.status === "failed" ? json(result.error) : null,
        json(state.steps),
        state.stack,
        state.attempt,
      ],
      client,
    );
  if (!failureEvent) {
    if (!(await finish()).rowCount) throw new LeaseLost(run.id);
    return;
  }
  await transaction(async (client) => {
    if (!(await finish(client)).rowCount) throw new LeaseLost(run.id);
    await insertEvents(failureEvent, client);
  });
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
