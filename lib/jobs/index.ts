// Durable work in embedded mode: a local executor drives our Inngest functions through the same serve()
// handler Inngest Cloud calls in production (app/api/inngest/route.ts), with run state in PostgreSQL.
import { isEmbeddedMode } from "./mode";
import { startLocalExecutor, type LocalExecutor, type LocalExecutorOptions } from "./executor";

export { startLocalExecutor, isEmbeddedMode, type LocalExecutor, type LocalExecutorOptions };
export { enqueueEvents, type EventPayload } from "./events";
export { cancelRun } from "./store";
export { runStopping, stopLocalExecutor } from "./shutdown";

const globalForJobs = globalThis as unknown as { localExecutor?: Promise<LocalExecutor> };

/**
 * Starts this process's executor once (module reloads in `next dev` reuse it) when in embedded mode;
 * resolves to null when Inngest Cloud runs the functions. Call it from instrumentation's register().
 */
export function startLocalExecutorIfEmbedded(options: LocalExecutorOptions): Promise<LocalExecutor | null> {
  if (!isEmbeddedMode()) return Promise.resolve(null);
  globalForJobs.localExecutor ??= startLocalExecutor(options).catch((error: unknown) => {
    globalForJobs.localExecutor = undefined; // let a later call try again (e.g. the database was not up yet)
    throw error;
  });
  return globalForJobs.localExecutor;
}
