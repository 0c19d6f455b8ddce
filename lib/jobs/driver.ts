// Drives one claimed run until it completes, fails, or has to wait (a sleep, an event, an invoked run,
// a retry's backoff). Every step result is saved before the function is called again, so a crash
// repeats at most the step that was executing.
import { db } from "@/lib/db";
import { matches } from "./expressions";
import { eventBatch, wakeExecutors } from "./events";
import { callFunction, type Op, type Outcome, type StepResult } from "./protocol";
import type { App } from "./registry";
import { insertRuns, newRun, type NewRun } from "./intake";
import { finishRun, LeaseLost, releaseRun, saveRun, type ClaimedRun, type RunState } from "./store";
import { backoffMs, deadline, retryAfterMs, type Backoff } from "./time";

/** What a run waits for, by hashed step id. `at` is when to look again (epoch ms). */
export type Pending =
  | { kind: "step"; attempt: number; at: number }
  | { kind: "sleep"; at: number }
  | { kind: "wait"; event: string; if?: string; since: number; at: number }
  | { kind: "invoke"; runId: string; at: number };

export interface DriveContext {
  app: App;
  backoff: Backoff;
  /** Graceful stop: hand the run back at the next boundary. */
  stopping(): boolean;
  /** Abandoned (a simulated crash): write nothing more. */
  dead(): boolean;
  /** A lease renewal found the run held by another claim: stop before calling the function again. */
  leaseLost(): boolean;
}

export class Abandoned extends Error {}

const NEVER = Date.UTC(9999, 0, 1);

export async function driveRun(run: ClaimedRun, ctx: DriveContext): Promise<void> {
  const fn = ctx.app.functions.get(run.functionId)!;
  const steps = { ...run.steps };
  const stack = [...run.stack];
  const pending = { ...(run.pending as Record<string, Pending>) };
  let attempt = run.attempt;
  let wakeSeq = run.wakeSeq;

  const call = (stepId?: string, stepAttempt = attempt): Promise<Outcome> =>
    callFunction(ctx.app.handler, {
      functionId: run.functionId,
      runId: run.id,
      event: run.event,
      steps,
      stack,
      attempt: stepAttempt,
      maxAttempts: fn.maxAttempts,
      stepId,
      planOnly: Object.values(pending).some((p) => p.kind === "step"),
    }).catch((error: unknown): Outcome => ({ kind: "failed", error: serialize(error), retriable: true }));

  const memo = (id: string, result: StepResult) => {
    steps[id] = result;
    stack.push(id);
    delete pending[id];
    attempt = 0; // the function-level attempt counts failures since the last progress
  };

  const retryDelay = (nextAttempt: number, retryAfter?: string) =>
    retryAfterMs(retryAfter) ?? backoffMs(nextAttempt, ctx.backoff);

  const state = (): RunState => ({
    steps,
    stack,
    pending,
    attempt,
    waitEvents: [...new Set(Object.values(pending).flatMap((p) => (p.kind === "wait" ? [p.event] : [])))],
  });

  const alive = () => {
    if (ctx.dead()) throw new Abandoned();
    if (ctx.leaseLost()) throw new LeaseLost(run.id); // its writes would be refused anyway (fenced by locked_by)
  };
  const save = async (children: (NewRun & { event: Record<string, unknown> })[] = []) => {
    alive();
    // Children first: their ids derive from this run and the step, so a repeat after a crash is a no-op.
    if (children.length) await insertRuns(children);
    wakeSeq = await saveRun(run, state());
  };
  const finish = async (result: { status: "completed"; output: unknown } | { status: "failed"; error: unknown }) => {
    alive();
    // A failure records inngest/function.failed (for onFailure handlers) together with the run's end.
    const failure =
      result.status === "failed"
        ? eventBatch([{ name: "inngest/function.failed", data: { function_id: run.functionId, run_id: run.id, error: result.error, event: run.event } }])
        : undefined;
    await finishRun(run, result, state(), failure);
    if (failure || run.parentRunId) wakeExecutors(); // the failure handler's run or the woken parent run is work here
  };

  /** Resolves what can be resolved now; returns how many steps got a result and whether anything changed. */
  const settle = async (): Promise<{ settled: number; changed: boolean }> => {
    const now = Date.now();
    let settled = 0;
    const settleWith = (id: string, result: StepResult) => {
      memo(id, result);
      settled += 1;
    };
    const dueSteps: [string, Extract<Pending, { kind: "step" }>][] = [];
    for (const [id, wait] of Object.entries(pending)) {
      if (wait.kind === "step") {
        if (wait.at <= now) dueSteps.push([id, wait]);
        continue;
      }
      const result = await resolveWait(run, wait, now);
      if (result) settleWith(id, result);
    }
    // Planned steps (e.g. Promise.all of steps) run side by side, each in its own request.
    await Promise.all(
      dueSteps.map(async ([id, step]) => {
        const outcome = await call(id, step.attempt);
        const op = outcome.kind === "ops" ? outcome.ops.find((o) => o.id === id) : undefined;
        if (op?.op === "StepRun") return settleWith(id, { type: "data", data: op.data ?? null });
        if (op?.op === "StepFailed") return settleWith(id, { type: "error", error: op.error });
        // StepError, or the request itself failed (e.g. the step was not found): retry the step later.
        const error = op?.error ?? (outcome.kind === "failed" ? outcome.error : { message: `No result for step ${id}` });
        if (step.attempt + 1 >= fn.maxAttempts) return settleWith(id, { type: "error", error });
        step.attempt += 1;
        step.at = Date.now() + retryDelay(step.attempt, outcome.kind === "completed" ? undefined : outcome.retryAfter);
      }),
    );
    return { settled, changed: settled > 0 || dueSteps.length > 0 };
  };

  /** Records the ops of a discovery answer; returns rows to write with them, or the op we cannot run. */
  const apply = (ops: Op[], retryAfter: string | undefined) => {
    const now = Date.now();
    const children: (NewRun & { event: Record<string, unknown> })[] = [];
    let progressed = false;
    let unsupported: string | undefined;
    const record = (id: string, result: StepResult) => {
      memo(id, result);
      progressed = true;
    };
    for (const op of ops) {
      const opts = op.opts ?? {};
      if (op.op === "StepRun") record(op.id, { type: "data", data: op.data ?? null });
      else if (op.op === "StepFailed") record(op.id, { type: "error", error: op.error });
      else if (op.op === "StepError") {
        pending[op.id] = { kind: "step", attempt: attempt + 1, at: now + retryDelay(attempt + 1, retryAfter) };
      } else if (pending[op.id]) continue; // reported again while still pending: nothing new
      else if (op.op === "StepPlanned") pending[op.id] = { kind: "step", attempt: 0, at: now };
      else if (op.op === "Sleep") pending[op.id] = { kind: "sleep", at: deadline(op.name ?? "", now).getTime() };
      else if (op.op === "WaitForEvent") {
        const at = deadline(String(opts.timeout ?? ""), now).getTime();
        pending[op.id] = { kind: "wait", event: op.name!, if: opts.if as string | undefined, since: now, at };
      } else if (op.op === "InvokeFunction") {
        const target = ctx.app.functions.get(String(opts.function_id));
        if (!target) {
          record(op.id, { type: "error", error: { name: "Error", message: `Function "${opts.function_id}" is not served by this app` } });
          continue;
        }
        // The child's id derives from the step, so a repeated write after a crash cannot start it twice.
        const childId = `${run.id}.${op.id.slice(0, 12)}`;
        const payload = (opts.payload ?? {}) as { data?: unknown; v?: string };
        const event = { name: "inngest/function.invoked", id: childId, data: payload.data ?? {}, ts: now, ...(payload.v ? { v: payload.v } : {}) };
        children.push({ ...newRun(target, event, { id: childId, parentRunId: run.id }), event });
        pending[op.id] = { kind: "invoke", runId: childId, at: opts.timeout ? deadline(String(opts.timeout), now).getTime() : NEVER };
      } else unsupported = op.op;
    }
    return { children, progressed, unsupported };
  };

  // A new run, a function-level retry, or a run whose executor stopped mid-way: ask the function where it
  // stands. That is always safe: the SDK replays memoised steps and reports unresolved ops again.
  let mustCall = run.claimedFrom === "queued" || run.claimedFrom === "running";
  for (;;) {
    if (ctx.stopping()) {
      await save();
      return releaseRun(run, "queued", new Date(), wakeSeq);
    }
    alive();
    const { settled, changed } = await settle();
    if (changed) await save();
    if (!settled && !mustCall) break;
    mustCall = false;

    alive();
    const outcome = await call();
    if (outcome.kind === "completed") return finish({ status: "completed", output: outcome.output });
    if (outcome.kind === "failed") {
      if (!outcome.retriable || attempt + 1 >= fn.maxAttempts) return finish({ status: "failed", error: outcome.error });
      attempt += 1;
      await save();
      return releaseRun(run, "queued", new Date(Date.now() + retryDelay(attempt, outcome.retryAfter)), wakeSeq);
    }
    const { children, progressed, unsupported } = apply(outcome.ops, outcome.retryAfter);
    if (unsupported) {
      return finish({ status: "failed", error: { name: "NonRetriableError", message: `The local executor does not support ${unsupported}` } });
    }
    await save(children);
    if (children.length) wakeExecutors(); // an invoked run was created
    mustCall = progressed;
  }

  // Nothing can move now: let go of the run until the earliest thing it waits for.
  const waits = Object.values(pending);
  if (!waits.length) {
    // The function reported nothing to wait for and did not finish; treat it as a retriable error.
    if (attempt + 1 >= fn.maxAttempts) return finish({ status: "failed", error: { name: "Error", message: "The function stopped without finishing" } });
    attempt += 1;
    await save();
    return releaseRun(run, "queued", new Date(Date.now() + retryDelay(attempt)), wakeSeq);
  }
  const at = Math.min(...waits.map((w) => w.at));
  const status = waits.some((w) => w.kind === "wait" || w.kind === "invoke") ? "waiting" : "sleeping";
  alive();
  await releaseRun(run, status, new Date(at), wakeSeq);
}

/** The result of a sleep, event wait or invoke that is over, or undefined while it is not. */
async function resolveWait(run: ClaimedRun, wait: Exclude<Pending, { kind: "step" }>, now: number): Promise<StepResult | undefined> {
  if (wait.kind === "sleep") return wait.at <= now ? { type: "data", data: null } : undefined;
  if (wait.kind === "wait") {
    // Only events received after the wait began count; `async` is the candidate, `event` the run's own.
    const candidates = await db.jobEvent.findMany({
      where: { name: wait.event, receivedAt: { gte: new Date(wait.since) } },
      orderBy: [{ receivedAt: "asc" }, { seq: "asc" }], // one send's events share receivedAt: keep their order
      take: 500,
      select: { payload: true },
    });
    const found = candidates.find((c) => matches(wait.if, { event: run.event, async: c.payload }));
    if (found) return { type: "data", data: found.payload };
    return wait.at <= now ? { type: "data", data: null } : undefined;
  }
  const child = await db.jobRun.findUnique({ where: { id: wait.runId }, select: { status: true, output: true, error: true } });
  if (child?.status === "completed") return { type: "data", data: child.output ?? null };
  if (child?.status === "failed" || child?.status === "cancelled") {
    return { type: "error", error: child.error ?? { name: "Error", message: `Invoked run ${child.status}` } };
  }
  if (wait.at <= now) return { type: "error", error: { name: "InngestInvokeTimeoutError", message: "Timed out waiting for invoked function to complete" } };
  return undefined;
}

function serialize(error: unknown) {
  return error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { name: "Error", message: String(error) };
}
