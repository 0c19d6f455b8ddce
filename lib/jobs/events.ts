// Receiving events in embedded mode: the Inngest client's local fetch (inngest.send, step.sendEvent)
// and the executor itself (inngest/function.failed) record them here. The runs an event starts in apps
// whose executor runs in this process are created in the same statement as the event, already claimed
// by that executor when it has room (and the run no concurrency key), so it drives them without a
// claim; other apps' executors start theirs from `pending_apps` (intake.dispatchEvents).
import { newId } from "./ids";
import { insertEvents, triggeredRuns, type EventBatch } from "./intake";
import type { App } from "./registry";
import type { ClaimedRun } from "./store";

export interface EventPayload {
  name: string;
  data?: unknown;
  id?: string;
  ts?: number;
  [field: string]: unknown;
}

/** An executor running in this process, as the event intake sees it. */
export interface LocalWorker {
  app: App;
  /** Work may be waiting: look now instead of at the next poll. */
  wake(): void;
  /** Room for up to `count` runs of `functionId` claimed at creation, or undefined if none. */
  reserve(functionId: string, count: number): Reservation | undefined;
}

export interface Reservation {
  token: string;
  leaseMs: number;
  count: number;
  /** The reserved runs that were recorded (none if the write failed); frees the rest of the room. */
  take(runs: ClaimedRun[]): void;
}

// On globalThis: Next.js may load this module more than once (route bundles, instrumentation), and an
// event sent from any copy must reach the executors of this process.
const globalForJobs = globalThis as unknown as { jobWorkers?: Set<LocalWorker> };
const workers = (globalForJobs.jobWorkers ??= new Set());

/** Registers an executor of this process; returns the undo. */
export function serveLocally(worker: LocalWorker): () => void {
  workers.add(worker);
  return () => workers.delete(worker);
}

export function wakeExecutors(): void {
  for (const worker of workers) worker.wake();
}

/**
 * Event rows for the given payloads, with the runs they start in the apps served by this process.
 * With `claim`, runs without a concurrency key are claimed for a local executor as far as it has room.
 */
export function eventBatch(payloads: EventPayload[], { claim = false } = {}): EventBatch & { reservations: Reservation[] } {
  const receivedAt = new Date();
  const apps = new Map<string, LocalWorker[]>();
  for (const worker of workers) apps.set(worker.app.id, [...(apps.get(worker.app.id) ?? []), worker]);
  const events = payloads.map((payload) => {
    const id = newId("evt");
    const event = { ...payload, id: payload.id ?? id, data: payload.data ?? {}, ts: payload.ts ?? receivedAt.getTime() };
    const runs = [...apps.values()].flatMap(([worker]) => triggeredRuns(worker.app, event));
    return { id, name: payload.name, payload: event, key: payload.id ?? null, runs };
  });
  const reservations: Reservation[] = [];
  for (const local of claim ? apps.values() : []) {
    const { functions } = local[0].app;
    const unclaimed = events.flatMap((e) => e.runs.filter((r) => functions.has(r.functionId) && !r.concurrencyKey));
    for (const functionId of new Set(unclaimed.map((r) => r.functionId))) {
      let left = unclaimed.filter((r) => r.functionId === functionId);
      for (const worker of local) {
        const reservation = left.length ? worker.reserve(functionId, left.length) : undefined;
        if (!reservation) continue;
        reservations.push(reservation);
        for (const run of left.slice(0, reservation.count)) run.claim = { token: reservation.token, leaseMs: reservation.leaseMs };
        left = left.slice(reservation.count);
      }
    }
  }
  return { events, localApps: [...apps.keys()], receivedAt, reservations };
}

/** Records events (dropping repeats of a sender-given id) and wakes local executors; returns the event ids. */
export async function enqueueEvents(payloads: EventPayload[]): Promise<string[]> {
  for (const payload of payloads) {
    if (typeof payload?.name !== "string" || !payload.name) throw new Error("Every event needs a name");
  }
  const batch = eventBatch(payloads, { claim: true });
  let recorded = { ids: new Set<string>(), woken: 0 };
  try {
    recorded = await insertEvents(batch);
  } finally {
    for (const reservation of batch.reservations) {
      const runs = batch.events.flatMap((event) =>
        recorded.ids.has(event.id)
          ? event.runs.filter((r) => r.claim?.token === reservation.token).map((r) => claimedRun(r.id, r.functionId, event.payload, reservation.token))
          : [],
      );
      reservation.take(runs);
    }
  }
  // Runs left queued, or runs that waited for these events, are work for the executors here.
  if (recorded.woken || batch.events.some((e) => recorded.ids.has(e.id) && e.runs.some((r) => !r.claim))) wakeExecutors();
  return batch.events.map((event) => event.id);
}

function claimedRun(id: string, functionId: string, event: Record<string, unknown>, token: string): ClaimedRun {
  return { id, functionId, event, attempt: 0, steps: {}, stack: [], pending: {}, wakeSeq: 0, parentRunId: null, lockedBy: token, claimedFrom: "queued" };
}
