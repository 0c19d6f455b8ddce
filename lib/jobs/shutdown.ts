// A clean stop (SIGTERM of a deploy): the executor stops claiming and hands its runs back, and a function that
// works for long in one call (a wallet's run: lib/chain/eoa/run) asks runStopping() and ends at its next safe
// point, continuing in a new run, so another instance takes over at once instead of after the lease.
// Small on purpose: scripts/serve.ts imports it without the rest of lib/jobs.
import { AsyncLocalStorage } from "node:async_hooks";

/** What of the executor (./executor LocalExecutor) a stop needs; named here so the two files do not import each other. */
interface Stoppable {
  stop(): Promise<void>;
}

// On globalThis: Next.js may load lib/jobs more than once (route bundles, instrumentation, the server script).
const globalForJobs = globalThis as unknown as { localExecutor?: Promise<Stoppable>; jobRunStopping?: AsyncLocalStorage<() => boolean> };
const driving = (globalForJobs.jobRunStopping ??= new AsyncLocalStorage<() => boolean>());

/** Runs `work` (a drive of one run) with `stopping` as what runStopping() answers inside it. */
export const whileDriving = <T>(stopping: () => boolean, work: () => T): T => driving.run(stopping, work);

/** Whether the executor driving the current run is stopping: end at the next safe point, the rest in a new run. */
export const runStopping = (): boolean => driving.getStore()?.() ?? false;

/** The process's executor (startLocalExecutorIfEmbedded), if one was started. */
export const processExecutor = (): Promise<Stoppable | undefined> =>
  (globalForJobs.localExecutor ?? Promise.resolve(undefined)).catch(() => undefined);

/** Stops the process's executor, handing its runs back; resolves at once if none runs here. */
export async function stopLocalExecutor(): Promise<void> {
  await (await processExecutor())?.stop();
}
