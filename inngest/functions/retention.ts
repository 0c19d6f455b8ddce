// Hourly: prunes what the platform keeps only for a while (periods in lib/retention/prune.ts).
import { inngest } from "@/inngest/client";
import { pruneIdempotencyRecords, pruneJobEvents, pruneJobRuns, pruneRateLimitWindows } from "@/lib/retention/prune";

export const retention = inngest.createFunction({ id: "retention", triggers: [{ cron: "17 * * * *" }] }, async ({ step }) => ({
  idempotency_records: await step.run("idempotency-records", pruneIdempotencyRecords),
  rate_limit_windows: await step.run("rate-limit-windows", pruneRateLimitWindows),
  job_runs: await step.run("job-runs", pruneJobRuns),
  job_events: await step.run("job-events", pruneJobEvents),
}));
