// Shared by the lib/jobs tests: a client with an app id of its own (so test files running side by side
// never start each other's runs), fast executor settings, and polling for run states.
import { randomUUID } from "node:crypto";
import type { InngestFunction } from "inngest";
import { createInngestClient } from "@/lib/jobs/client";
import { db } from "@/lib/db";
import type { JobRun } from "@/lib/generated/prisma/client";
import { startLocalExecutor, type LocalExecutorOptions } from "@/lib/jobs/executor";

const quiet = { info() {}, warn() {}, error() {}, debug() {} };

/** The SDK logs every step error; tests provoke many on purpose. */
export function testClient(label: string) {
  return createInngestClient(`jobs-${label}-${randomUUID().slice(0, 8)}`, process.env.JOBS_TEST_LOGS ? undefined : quiet);
}

export const fast = { pollIntervalMs: 50, leaseMs: 1_500, backoff: { baseMs: 30, maxMs: 200 } } satisfies Partial<LocalExecutorOptions>;

export function startTestExecutor(options: LocalExecutorOptions) {
  return startLocalExecutor({ ...fast, ...options });
}

export async function until<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The runs of `fn` triggered by the event with this id (or every run of `fn`). */
export function runsOf(fn: InngestFunction.Any, appId: string, eventId?: string): Promise<JobRun[]> {
  return db.jobRun.findMany({
    where: { functionId: fn.id(appId), ...(eventId ? { event: { path: ["id"], equals: eventId } } : {}) },
    orderBy: { createdAt: "asc" },
  });
}

/** Waits until the run of `fn` for this event has ended, and returns it. */
export function ended(fn: InngestFunction.Any, appId: string, eventId: string, timeoutMs?: number): Promise<JobRun> {
  return until(async () => {
    const [run] = await runsOf(fn, appId, eventId);
    return run && ["completed", "failed", "cancelled"].includes(run.status) ? run : undefined;
  }, timeoutMs);
}
