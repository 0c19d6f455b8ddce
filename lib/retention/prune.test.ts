// Misuse prevented: tables growing without bound (and replay bodies, rate-limit keys holding client IPs,
// job payloads kept forever). Each pruning function deletes only rows past their period, and never rows
// something still needs: an unfinished run, an invoked run whose parent waits, an event a run waits for.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pool } from "@/lib/db";
import { pruneAuditLog, pruneIdempotencyRecords, pruneJobEvents, pruneJobRuns, pruneRateLimitWindows } from "./prune";

const tag = `ret_${randomBytes(4).toString("hex")}`;
const remaining = async (table: string, column: string, ids: string[]) =>
  (await pool.query(`SELECT ${column} AS id FROM ${table} WHERE ${column} = ANY($1::text[]) ORDER BY 1`, [ids])).rows.map((r) => r.id).sort();

describe("retention", () => {
  it("idempotency records go 24 h after creation", async () => {
    const ids = [`${tag}_idem_old`, `${tag}_idem_new`];
    await pool.query(
      `INSERT INTO idempotency_records (tenant_id, livemode, key, request_hash, response_status, response_body, created_at)
       VALUES ($1, false, 'k', 'h', 200, 'x', now() - interval '25 hours'), ($2, false, 'k', 'h', 200, 'x', now() - interval '23 hours')`,
      ids,
    );
    expect(await pruneIdempotencyRecords()).toBeGreaterThanOrEqual(1);
    expect(await remaining("idempotency_records", "tenant_id", ids)).toEqual([`${tag}_idem_new`]);
  });

  it("rate-limit windows go once untouched for longer than the longest window", async () => {
    const keys = [`${tag}_rl_old`, `${tag}_rl_new`];
    await pool.query(
      `INSERT INTO rate_limit_windows (key, bucket_starts, bucket_counts, granted, updated_at)
       VALUES ($1, '{1}', '{1}', 1, now() - interval '2 minutes'), ($2, '{1}', '{1}', 1, now() - interval '30 seconds')`,
      keys,
    );
    expect(await pruneRateLimitWindows()).toBeGreaterThanOrEqual(1);
    expect(await remaining("rate_limit_windows", "key", keys)).toEqual([`${tag}_rl_new`]);
  });

  it("finished job runs go 7 days after they ended; unfinished runs and children of an unfinished parent stay", async () => {
    const run = (suffix: string) => `${tag}_run_${suffix}`;
    const rows: [string, string, string | null, string | null][] = [
      // id, status, ended (interval ago), parent
      [run("done_old"), "completed", "8 days", null],
      [run("failed_old"), "failed", "8 days", null],
      [run("done_new"), "completed", "6 days", null],
      [run("waiting_old"), "waiting", null, null], // created long ago, still waiting: never pruned
      [run("child_of_waiting"), "completed", "8 days", run("waiting_old")],
    ];
    for (const [id, status, ended, parent] of rows) {
      await pool.query(
        `INSERT INTO job_runs (id, function_id, event, status, next_run_at, created_at, updated_at, ended_at, parent_run_id)
         VALUES ($1, 'retention-test-fn', '{}', $2, now() + interval '1 year', now() - interval '30 days', now(),
                 CASE WHEN $3::text IS NULL THEN NULL ELSE now() - $3::interval END, $4)`,
        [id, status, ended, parent],
      );
    }
    expect(await pruneJobRuns()).toBeGreaterThanOrEqual(2);
    expect(await remaining("job_runs", "id", rows.map((r) => r[0]))).toEqual([run("child_of_waiting"), run("done_new"), run("waiting_old")].sort());
    await pool.query("DELETE FROM job_runs WHERE id = ANY($1::text[])", [rows.map((r) => r[0])]);
  });

  it("job events go 7 days after receipt once started everywhere, unless a run still waits for their name", async () => {
    const event = (suffix: string) => `${tag}_evt_${suffix}`;
    const awaited = `${tag}/awaited`;
    const rows: [string, string, string, string[]][] = [
      [event("old"), `${tag}/done`, "8 days", []],
      [event("new"), `${tag}/done`, "6 days", []],
      [event("pending"), `${tag}/done`, "8 days", ["an-app-not-started-yet"]],
      [event("awaited"), awaited, "8 days", []],
    ];
    for (const [id, name, age, pending] of rows) {
      await pool.query(
        `INSERT INTO job_events (id, name, payload, received_at, pending_apps) VALUES ($1, $2, '{}', now() - $3::interval, $4::text[])`,
        [id, name, age, pending],
      );
    }
    await pool.query(
      `INSERT INTO job_runs (id, function_id, event, status, next_run_at, updated_at, wait_events)
       VALUES ($1, 'retention-test-fn', '{}', 'waiting', now() + interval '1 year', now(), ARRAY[$2])`,
      [`${tag}_waiter`, awaited],
    );
    expect(await pruneJobEvents()).toBeGreaterThanOrEqual(1);
    expect(await remaining("job_events", "id", rows.map((r) => r[0]))).toEqual([event("awaited"), event("new"), event("pending")].sort());
    await pool.query("DELETE FROM job_runs WHERE id = $1", [`${tag}_waiter`]);
    await pool.query("DELETE FROM job_events WHERE id = ANY($1::text[])", [rows.map((r) => r[0])]);
  });

  it("audit log entries stay at least 90 days, and go after a year", async () => {
    const tenant = `${tag}_ten`;
    const ids = [`${tag}_alog_year`, `${tag}_alog_91d`, `${tag}_alog_new`];
    await pool.query("INSERT INTO tenants (id, company_name) VALUES ($1, 'Retention')", [tenant]);
    await pool.query(
      `INSERT INTO audit_log (id, tenant_id, action, actor_type, created_at)
       VALUES ($1, $4, 'member.invited', 'system', now() - interval '366 days'), ($2, $4, 'member.invited', 'system', now() - interval '91 days'),
              ($3, $4, 'member.invited', 'system', now())`,
      [...ids, tenant],
    );
    expect(await pruneAuditLog()).toBeGreaterThanOrEqual(1);
    expect(await remaining("audit_log", "id", ids)).toEqual([`${tag}_alog_91d`, `${tag}_alog_new`].sort());
    await pool.query("DELETE FROM tenants WHERE id = $1", [tenant]);
  });
});
