// Hourly: prunes what the platform keeps only for a while (periods in lib/retention/prune.ts).
import { inngest } from "@/lib/jobs/client";
import { pruneAuditLog, pruneIdempotencyRecords, pruneJobEvents, pruneJobRuns, pruneRateLimitWindows, pruneRequestLogs } from "@/lib/retention/prune";

export const retention = inngest.createFunction({ id: "retention", triggers: [{ cron: "17 * * * *" }] }, async ({ step }) => ({
  idempotency_records: await step.run("idempotency-records", pruneIdempotencyRecords),
  rate_limit_windows: await step.run("rate-limit-windows", pruneRateLimitWindows),
  job_runs: await step.run("job-runs", pruneJobRuns),
  job_events: await step.run("job-events", pruneJobEvents),
  audit_log: await step.run("audit-log", pruneAuditLog),
  request_logs: await step.run("request-logs", pruneRequestLogs),
}));
