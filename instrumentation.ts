// Runs once per server process: in the embedded default, start the local executor of the Inngest
// functions, the transaction reconciler and the webhook outbox sweep (on Inngest Cloud, cron functions).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  (await import("@/lib/process-env")).snapshotEnvironment();
  const { startLocalExecutorIfEmbedded } = await import("@/lib/jobs");
  if (!(await startLocalExecutorIfEmbedded())) return;
  (await import("@/lib/chain/reconciler")).startReconciler();
  (await import("@/lib/webhooks/outbox")).startWebhookOutbox();
}
