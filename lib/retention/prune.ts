// Retention: what each table keeps and for how long, pruned hourly by inngest/functions/retention.ts.
//   idempotency_records   24 h after creation (a key older than that may be reused anyway: lib/api/idempotency)
//   rate_limit_windows    once untouched for longer than the longest window (every bucket in it has expired)
//   job_runs              7 days after a run ended (completed, failed or cancelled); never an unfinished run,
//                         nor an invoked run whose parent is unfinished (the parent reads its result)
//   job_events            7 days after receipt, once every app has started its runs (pending_apps empty) and
//                         no unfinished run waits for an event of its name (a wait reads events since it began)
//   audit_log             a year after the action (the Team's audit log promises at least 90 days)
//   api_request_logs      7 days after the request (the console's request log, lib/request-log); its bodies
//                         (api_request_bodies) once every request of their day is gone
// Each deletes in batches so no statement holds many row locks or runs long.
import { pool } from "@/lib/db";
import { policies } from "@/lib/http/rate-limit";
import { FINAL } from "@/lib/jobs/sql";

const IDEMPOTENCY_RETENTION = "24 hours";
const JOB_RETENTION = "7 days";
const AUDIT_LOG_RETENTION = "365 days";
export const REQUEST_LOG_RETENTION = "7 days";
const BATCH = 5_000;

/** Runs `sql` (a DELETE of at most BATCH rows, see `batched`) until it deletes fewer; returns the total. */
async function deleteInBatches(sql: string, params: unknown[] = []): Promise<number> {
  let total = 0;
  for (;;) {
    const { rowCount } = await pool.query(sql, [...params, BATCH]);
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < BATCH) return total;
  }
}

const batched = (table: string, where: string, limitParam: number) =>
  `DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} WHERE ${where} LIMIT $${limitParam})`;

export const pruneIdempotencyRecords = () =>
  deleteInBatches(batched("idempotency_records", `created_at < now() - interval '${IDEMPOTENCY_RETENTION}'`, 1));

/** Seconds of the longest rate-limit window: a window row untouched for longer holds only expired buckets. */
const longestRateLimitWindowSeconds = () => Math.max(...Object.values(policies).map((p) => p.windowSeconds));

export const pruneRateLimitWindows = () =>
  deleteInBatches(batched("rate_limit_windows", "updated_at < now() - make_interval(secs => $1)", 2), [longestRateLimitWindowSeconds()]);

export const pruneJobRuns = () =>
  deleteInBatches(
    batched(
      "job_runs",
      `status IN ${FINAL} AND ended_at < now() - interval '${JOB_RETENTION}'
       AND NOT EXISTS (SELECT 1 FROM job_runs p WHERE p.id = job_runs.parent_run_id AND p.status NOT IN ${FINAL})`,
      1,
    ),
  );

export const pruneJobEvents = () =>
  deleteInBatches(
    batched(
      "job_events",
      `pending_apps = '{}' AND received_at < now() - interval '${JOB_RETENTION}'
       AND NOT EXISTS (SELECT 1 FROM job_runs r WHERE r.wait_events @> ARRAY[job_events.name] AND r.status NOT IN ${FINAL})`,
      1,
    ),
  );

export const pruneAuditLog = () => deleteInBatches(batched("audit_log", `created_at < now() - interval '${AUDIT_LOG_RETENTION}'`, 1));
/** The requests older than 7 days, then the bodies of days none of the requests kept is from (ids start with the day). */
export async function pruneRequestLogs(): Promise<number> {
  const requests = await deleteInBatches(batched("api_request_logs", `created_at < now() - interval '${REQUEST_LOG_RETENTION}'`, 1));
  await deleteInBatches(batched("api_request_bodies", `id < to_char((now() - interval '${REQUEST_LOG_RETENTION}') AT TIME ZONE 'UTC', 'YYYY-MM-DD')`, 1));
  return requests;
}
