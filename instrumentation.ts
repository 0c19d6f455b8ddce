// Runs once per server process: in the embedded default, start the local executor of the Inngest
// functions (their cron functions included: the transaction reconciler, the webhook outbox sweep).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  (await import("@/lib/production-secrets")).assertProductionSecrets();
  (await import("@/lib/process-env")).snapshotEnvironment();
  await (await import("@/lib/jobs")).startLocalExecutorIfEmbedded();
}
