// Runs once per server process: in the embedded default, start the local executor of the Inngest
// functions, the transaction reconciler and the webhook outbox sweep (on Inngest Cloud, cron functions).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // The Inngest SDK copies the whole environment several times per request it handles or sends, and
  // Node's process.env answers every variable through a native call (~160 µs per copy here). A plain
  // snapshot reads the same from JavaScript at a tenth of the cost; nothing here changes the real
  // environment after start, and child processes still get it (they are given process.env).
  process.env = { ...process.env };
  const { startLocalExecutorIfEmbedded } = await import("@/lib/jobs");
  if (!(await startLocalExecutorIfEmbedded())) return;
  (await import("@/lib/chain/reconciler")).startReconciler();
  (await import("@/lib/webhooks/outbox")).startWebhookOutbox();
}
