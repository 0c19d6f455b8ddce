// Runs once per server process: in the embedded default, start the local executor of the Inngest functions.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") await (await import("@/lib/jobs")).startLocalExecutorIfEmbedded();
}
