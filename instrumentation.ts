// Runs once per server process: register tracing when an OTLP endpoint is configured (lib/observability/tracing);
// in the embedded default, start the local executor of the Inngest functions (their cron functions included:
// the transaction reconciler, the webhook outbox sweep).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  (await import("@/lib/core/production-secrets")).assertProductionSecrets();
  (await import("@/lib/core/process-env")).snapshotEnvironment();
  await (await import("@/lib/observability/tracing")).registerTracing();
  await (await import("@/inngest/executor")).startAppExecutorIfEmbedded();
}
