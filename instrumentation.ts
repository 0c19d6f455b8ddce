// Runs once per server process: in the embedded default, start the local executor of the Inngest
// functions and the transaction reconciler (on Inngest Cloud a cron function does that).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startLocalExecutorIfEmbedded } = await import("@/lib/jobs");
  if (await startLocalExecutorIfEmbedded()) (await import("@/lib/chain/reconciler")).startReconciler();
}
