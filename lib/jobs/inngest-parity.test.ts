// The local executor against Inngest's own engine (@inngest/test, the SDK's test engine): the same
// functions, run by both, must give the same results with the same step semantics — memoisation, a retry
// after a thrown step, NonRetriableError, sleep and sleepUntil, waitForEvent with its match and its timeout.
// @inngest/test shows what the SDK reports for each step (the ops Inngest Cloud acts on); the executor
// must read those ops the way Inngest does (durations, dates, match expressions) and end in the same place.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { InngestTestEngine } from "@inngest/test";
import { NonRetriableError } from "inngest";
import type { LocalExecutor } from "./executor";
import { matches } from "./expressions";
import { callFunction } from "./protocol";
import { describeApp } from "./registry";
import { deadline } from "./time";
import { ended, runsOf, startTestExecutor, testClient, until } from "@/lib/jobs/testing";

const inngest = testClient("parity");
const app = inngest.id;
const bodies = new Map<string, number>();
const ran = (key: string) => {
  bodies.set(key, (bodies.get(key) ?? 0) + 1);
  return bodies.get(key)!;
};

const memo = inngest.createFunction({ id: "memo", triggers: [{ event: "parity/memo" }] }, async ({ event, step }) => {
  const a = await step.run("a", () => (ran(`${event.data.key}:a`), 1));
  const b = await step.run("b", () => (ran(`${event.data.key}:b`), a + 1));
  return { a, b };
});

// Throws the first time its body runs for a key, then answers how many times it ran.
const flaky = inngest.createFunction({ id: "flaky", triggers: [{ event: "parity/flaky" }], retries: 2 }, async ({ event, step }) => {
  const runs = await step.run("flaky", () => {
    const n = ran(`${event.data.key}:flaky`);
    if (n === 1) throw new Error("first call fails");
    return n;
  });
  return { runs };
});

const final = inngest.createFunction({ id: "final", triggers: [{ event: "parity/final" }], retries: 3 }, async ({ event, step }) => {
  await step.run("gives-up", () => {
    ran(`${event.data.key}:final`);
    throw new NonRetriableError("cannot work");
  });
});

const sleeper = inngest.createFunction({ id: "sleeper", triggers: [{ event: "parity/sleep" }] }, async ({ event, step }) => {
  const before = await step.run("before", () => Date.now());
  await step.sleep("pause", "1s");
  await step.sleepUntil("until", new Date(Number(event.data.until)));
  const after = await step.run("after", () => Date.now());
  return { slept: after - before >= 1000 };
});

const approval = inngest.createFunction({ id: "approval", triggers: [{ event: "parity/order" }] }, async ({ step }) => {
  const approved = await step.waitForEvent("approved", { event: "parity/approved", match: "data.orderId", timeout: "1s" });
  return { by: approved?.data.by ?? null };
});

const functions = [memo, flaky, final, sleeper, approval];

let executor: LocalExecutor;
beforeAll(async () => {
  executor = await startTestExecutor({ client: inngest, functions, instanceId: "parity" });
});
afterAll(() => executor.stop());

/** The SDK's serve() handler called as Inngest Cloud calls it when a run resumes with this step's result. */
function resume(fn: (typeof functions)[number], hashedStepId: string, data: unknown) {
  const event = { name: "parity/order", data: { orderId: "o-1" }, id: "evt_resume", ts: Date.now() };
  return callFunction(describeApp(inngest, functions).handler, {
    functionId: fn.id(app),
    runId: "run_resume",
    event,
    steps: { [hashedStepId]: { type: "data", data } },
    stack: [hashedStepId],
    attempt: 0,
    maxAttempts: 4,
  });
}

const send = async (name: string, data: Record<string, unknown>) => (await inngest.send({ name, data })).ids[0];
const engine = (fn: (typeof functions)[number], name: string, data: Record<string, unknown>) =>
  new InngestTestEngine({ function: fn, events: [{ name, data }] });

describe("the local executor and Inngest's engine (@inngest/test) agree", () => {
  test("memoisation: each step body runs once, the result is the same", async () => {
    const inngestRun = await engine(memo, "parity/memo", { key: "sdk" }).execute();
    const local = await ended(memo, app, await send("parity/memo", { key: "local" }));
    expect(inngestRun.result).toEqual({ a: 1, b: 2 });
    expect(local.output).toEqual(inngestRun.result);
    expect([bodies.get("sdk:a"), bodies.get("sdk:b")]).toEqual([1, 1]);
    expect([bodies.get("local:a"), bodies.get("local:b")]).toEqual([1, 1]);
    // A memoised step is not run again: the result comes from the saved state.
    const resumed = await engine(memo, "parity/memo", { key: "resumed" }).execute({ steps: [{ id: "a", handler: () => 40 }] });
    expect(resumed.result).toEqual({ a: 40, b: 41 });
    expect(bodies.get("resumed:a")).toBeUndefined();
  });

  test("a thrown step is reported retriable (StepError), then retried until it succeeds", async () => {
    const t = engine(flaky, "parity/flaky", { key: "sdk" });
    const first = await t.executeStep("flaky");
    expect(first.step.op).toBe("StepError"); // Inngest retries a StepError with backoff
    expect(first.error).toMatchObject({ message: "first call fails" });
    const retried = await engine(flaky, "parity/flaky", { key: "sdk" }).execute(); // the retry: a new request
    expect(retried.result).toEqual({ runs: 2 });

    const local = await ended(flaky, app, await send("parity/flaky", { key: "local" }));
    expect(local).toMatchObject({ status: "completed", output: { runs: 2 } });
    expect(bodies.get("local:flaky")).toBe(2);
  });

  test("NonRetriableError is final (StepFailed): one body run, the run fails", async () => {
    const sdk = await engine(final, "parity/final", { key: "sdk" }).executeStep("gives-up");
    expect(sdk.step.op).toBe("StepFailed");
    const local = await ended(final, app, await send("parity/final", { key: "local" }));
    expect(local.status).toBe("failed");
    expect(local.error).toMatchObject({ message: expect.stringContaining("cannot work") });
    expect(bodies.get("local:final")).toBe(1);
  });

  test("sleep and sleepUntil: the ops Inngest gets are read as the same deadlines, and the run really waits", async () => {
    const wakeAt = Date.now() + 1_500;
    const t = engine(sleeper, "parity/sleep", { until: wakeAt });
    const pause = await t.executeStep("pause", { steps: [{ id: "before", handler: () => 0 }] });
    expect(pause.step).toMatchObject({ op: "Sleep", name: "1s" });
    expect(deadline(pause.step.name!, 10_000).getTime()).toBe(11_000);
    const untilOp = await t.executeStep("until", { steps: [{ id: "before", handler: () => 0 }, { id: "pause", handler: () => null }] });
    expect(untilOp.step).toMatchObject({ op: "Sleep", name: new Date(wakeAt).toISOString() });
    expect(deadline(untilOp.step.name!).getTime()).toBe(wakeAt);
    // A sleep's memoised result is null; with both sleeps over the function completes.
    const done = await t.execute({ steps: [{ id: "pause", handler: () => null }, { id: "until", handler: () => null }] });
    expect(done.result).toEqual({ slept: expect.any(Boolean) });

    const started = Date.now();
    const eventId = await send("parity/sleep", { until: Date.now() + 1_500 });
    await until(async () => (await runsOf(sleeper, app, eventId)).find((r) => r.status === "sleeping"));
    const local = await ended(sleeper, app, eventId);
    expect(local.output).toEqual({ slept: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
  });

  test("waitForEvent: the op's event, match and timeout mean the same to the executor", async () => {
    const t = engine(approval, "parity/order", { orderId: "o-1" });
    const wait = await t.executeStep("approved");
    expect(wait.step).toMatchObject({ op: "WaitForEvent", name: "parity/approved", opts: { timeout: "1s" } });
    // `match: "data.orderId"` reaches Inngest as an `if` expression; the executor evaluates it the same way.
    const expression = String(wait.step.opts!.if);
    expect(expression).toBe("event.data.orderId == async.data.orderId");
    const run = { data: { orderId: "o-1" } };
    expect(matches(expression, { event: run, async: { name: "parity/approved", data: { orderId: "o-1" } } })).toBe(true);
    expect(matches(expression, { event: run, async: { name: "parity/approved", data: { orderId: "o-2" } } })).toBe(false);
    // The event that matched is the step's result. (@inngest/test 1.0.0 cannot resume a waitForEvent from a
    // mock: it validates its lazy mock as an event. So the SDK gets what Inngest Cloud sends, by the protocol.)
    const matched = await resume(approval, wait.step.id, { name: "parity/approved", data: { orderId: "o-1", by: "alice" } });
    expect(matched).toEqual({ kind: "completed", output: { by: "alice" } });

    const eventId = await send("parity/order", { orderId: "o-local" });
    await until(async () => (await runsOf(approval, app, eventId)).find((r) => r.status === "waiting"));
    await send("parity/approved", { orderId: "o-other", by: "mallory" });
    await send("parity/approved", { orderId: "o-local", by: "bob" });
    expect((await ended(approval, app, eventId)).output).toEqual({ by: "bob" });
  });

  test("waitForEvent timeout: null, as Inngest answers when no event came in time", async () => {
    // What Inngest Cloud sends after the timeout: the step's data is null.
    const wait = await engine(approval, "parity/order", { orderId: "o-1" }).executeStep("approved");
    expect(await resume(approval, wait.step.id, null)).toEqual({ kind: "completed", output: { by: null } });
    const eventId = await send("parity/order", { orderId: "o-late" });
    await until(async () => (await runsOf(approval, app, eventId)).find((r) => r.status === "waiting"));
    await send("parity/approved", { orderId: "o-not-this", by: "mallory" });
    const local = await ended(approval, app, eventId);
    expect(local.output).toEqual({ by: null });
    expect(Object.values(local.steps as Record<string, unknown>)).toContainEqual({ type: "data", data: null });
  });
});

