// Receiving events in embedded mode: the Inngest client's local fetch (inngest.send, step.sendEvent)
// and the executor itself (inngest/function.failed) record them here; executors start the runs.
import { db, Prisma } from "@/lib/db";
import { newId } from "./ids";

export interface EventPayload {
  name: string;
  data?: unknown;
  id?: string;
  ts?: number;
  [field: string]: unknown;
}

type Client = Pick<typeof db, "jobApp" | "jobEvent">;

// On globalThis: Next.js may load this module more than once (route bundles, instrumentation), and an
// event sent from any copy must wake the executor at once.
const globalForJobs = globalThis as unknown as { jobWakers?: Set<() => void> };
const wakers = (globalForJobs.jobWakers ??= new Set());

/** Called whenever work may be waiting, so the executors of this process look at once instead of at their next poll. */
export function onWork(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

export function wakeExecutors(): void {
  for (const wake of wakers) wake();
}

/** Event rows for the given payloads; every app known now gets to start its runs for them. */
export async function eventRows(client: Client, payloads: EventPayload[]): Promise<Prisma.JobEventCreateManyInput[]> {
  const apps = (await client.jobApp.findMany({ select: { id: true } })).map((app) => app.id);
  const receivedAt = new Date();
  return payloads.map((payload) => {
    const id = newId("evt");
    const event = { ...payload, id: payload.id ?? id, data: payload.data ?? {}, ts: payload.ts ?? receivedAt.getTime() };
    return {
      id,
      name: payload.name,
      payload: event as Prisma.InputJsonObject,
      idempotencyKey: payload.id ?? null,
      receivedAt,
      pendingApps: apps,
    };
  });
}

/** Records events (dropping repeats of a sender-given id) and wakes local executors; returns the event ids. */
export async function enqueueEvents(payloads: EventPayload[]): Promise<string[]> {
  for (const payload of payloads) {
    if (typeof payload?.name !== "string" || !payload.name) throw new Error("Every event needs a name");
  }
  const rows = await eventRows(db, payloads);
  await db.jobEvent.createMany({ data: rows, skipDuplicates: true });
  wakeExecutors();
  return rows.map((row) => row.id);
}
