// The local executor against real functions: memoisation, sleeps, retries, parallel steps, events, invoke.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NonRetriableError, RetryAfterError } from "inngest";
import { db } from "@/lib/db";
import type { LocalExecutor } from "./executor";
import { cancelRun } from "./store";
import { ended, runsOf, startTestExecutor, testClient, until } from "@/lib/jobs/testing";

const inngest = testClient("steps");
const app = inngest.id;
const bodies = new Map<string, number>();
const ran = (key: string) => bodies.set(key, (bodies.get(key) ?? 0) + 1);

const twoSteps = inngest.createFunction({ id: "two-steps", triggers: [{ event: "test/two-steps" }] }, async ({ event, step }) => {
  const a = await step.run("a", () => (ran(`${event.data.key}:a`), 1));
  const b = await step.run("b", () => (ran(`${event.data.key}:b`), a + 1));
  return { a, b };
});

const sleeper = inngest.createFunction({ id: "sleeper", triggers: [{ event: "test/sleep" }] }, async ({ step }) => {
  const before = await step.run("before", () => Date.now());
  await step.sleep("pause", "1s");
  const after = await step.run("after", () => Date.now());
  return { before, after };
});

const flaky = inngest.createFunction({ id: "flaky", triggers: [{ event: "test/flaky" }], retries: 3 }, async ({ step }) => {
  const bodyRuns = await step.run("flaky-step", () => {
    ran("flaky");
    if (bodies.get("flaky")! < 3) throw new Error("not yet");
    return bodies.get("flaky");
  });
  return { bodyRuns };
});
const attemptsSeen: number[] = [];
const retriedStep = inngest.createFunction({ id: "retried-step", triggers: [{ event: "test/retried" }], retries: 4 }, async ({ step, attempt }) => {
  return step.run("counts-attempts", () => {
    attemptsSeen.push(attempt);
    if (attempt < 2) throw new Error(`fails on attempt ${attempt}`);
    return attempt;
  });
});

const retryTimes: number[] = [];
const politeRetry = inngest.createFunction({ id: "polite-retry", triggers: [{ event: "test/polite" }] }, async ({ step }) => {
  return step.run("rate-limited", () => {
    retryTimes.push(Date.now());
    if (retryTimes.length === 1) throw new RetryAfterError("busy", new Date(Date.now() + 400));
    return "ok";
  });
});

const functionLevel = inngest.createFunction({ id: "function-level", triggers: [{ event: "test/function-level" }], retries: 2 }, async ({ attempt }) => {
  ran("function-level");
  if (attempt === 0) throw new Error("outside any step");
  return { attempt };
});

const nonRetriable = inngest.createFunction({ id: "non-retriable", triggers: [{ event: "test/non-retriable" }], retries: 5 }, async ({ step }) => {
  await step.run("gives-up", () => {
    ran("non-retriable");
    throw new NonRetriableError("this cannot work");
  });
});

const parallel = inngest.createFunction({ id: "parallel", triggers: [{ event: "test/parallel" }] }, async ({ step }) => {
  return Promise.all(["x", "y", "z"].map((name) => step.run(name, () => (ran(`parallel:${name}`), name.toUpperCase()))));
});

const fanOut = inngest.createFunction({ id: "fan-out", triggers: [{ event: "test/fan-out" }] }, async ({ event, step }) => {
  const batch = event.data.batch as string;
  const events = [0, 1, 2, 3, 4].map((i) => ({ name: "test/fan-item", data: { batch, i } }));
  return step.sendEvent("send-items", events);
});
const fanItem = inngest.createFunction({ id: "fan-item", triggers: [{ event: "test/fan-item" }] }, async ({ event, step }) => {
  return step.run("handle", () => (ran(`fan:${event.data.batch}:${event.data.i}`), event.data.i));
});

const approval = inngest.createFunction({ id: "approval", triggers: [{ event: "test/order" }] }, async ({ step }) => {
  const approved = await step.waitForEvent("approved", { event: "test/approved", match: "data.orderId", timeout: "30s" });
  return approved?.data ?? null;
});
const impatient = inngest.createFunction({ id: "impatient", triggers: [{ event: "test/impatient" }] }, async ({ step }) => {
  const reply = await step.waitForEvent("reply", { event: "test/reply", if: "async.data.ok == true", timeout: "1s" });
  return { reply };
});

const child = inngest.createFunction({ id: "child", triggers: [{ event: "test/child-never-sent" }] }, async ({ event, step }) => {
  return step.run("double", () => (event.data.n as number) * 2);
});
const parent = inngest.createFunction({ id: "parent", triggers: [{ event: "test/parent" }] }, async ({ step }) => {
  const doubled = await step.invoke("call-child", { function: child, data: { n: 21 } });
  return { doubled };
});

const failureSeen: { message: string; original: unknown }[] = [];
const failing = inngest.createFunction(
  {
    id: "failing",
    triggers: [{ event: "test/failing" }],
    retries: 0,
    onFailure: async ({ error, event }) => {
      failureSeen.push({ message: error.message, original: event.data.event.data });
    },
  },
  async () => {
    throw new Error("boom");
  },
);

const functions = [twoSteps, sleeper, flaky, retriedStep, politeRetry, functionLevel, nonRetriable, parallel, fanOut, fanItem, approval, impatient, child, parent, failing];

let executor: LocalExecutor;
beforeAll(async () => {
  executor = await startTestExecutor({ client: inngest, functions, instanceId: "steps" });
});
afterAll(() => executor.stop());

const send = async (name: string, data: Record<string, unknown> = {}) => (await inngest.send({ name, data })).ids[0];

describe("local executor", () => {
  test("memoises steps: each body runs once across re-entries", async () => {
    const run = await ended(twoSteps, app, await send("test/two-steps", { key: "memo" }));
    expect(run.status).toBe("completed");
    expect(run.output).toEqual({ a: 1, b: 2 });
    expect(run.stack).toHaveLength(2);
    expect([bodies.get("memo:a"), bodies.get("memo:b")]).toEqual([1, 1]);
  });

  test("sleeps durably: the run waits at least the sleep, in state sleeping", async () => {
    const eventId = await send("test/sleep");
    const sleeping = await until(async () => (await runsOf(sleeper, app, eventId)).find((r) => r.status === "sleeping"));
    expect(sleeping.lockedBy).toBeNull();
    const run = await ended(sleeper, app, eventId);
    const { before, after } = run.output as { before: number; after: number };
    expect(after - before).toBeGreaterThanOrEqual(1000);
  });

  test("retries a failing step with backoff until it succeeds, attempt visible to the step", async () => {
    const run = await ended(retriedStep, app, await send("test/retried"));
    expect(run.status).toBe("completed");
    expect(run.output).toBe(2);
    expect(attemptsSeen).toEqual([0, 1, 2]);
    const flakyRun = await ended(flaky, app, await send("test/flaky"));
    expect(flakyRun.output).toEqual({ bodyRuns: 3 });
  });

  test("honours the retry-after of a RetryAfterError", async () => {
    const run = await ended(politeRetry, app, await send("test/polite"));
    expect(run.output).toBe("ok");
    expect(retryTimes[1] - retryTimes[0]).toBeGreaterThanOrEqual(350);
  });

  test("an event repeated with the same id starts one run", async () => {
    await inngest.send({ name: "test/two-steps", id: "once-only", data: { key: "dedupe" } });
    await inngest.send({ name: "test/two-steps", id: "once-only", data: { key: "dedupe" } });
    await ended(twoSteps, app, "once-only");
    expect(await runsOf(twoSteps, app, "once-only")).toHaveLength(1);
  });

  test("retries the function when it throws outside a step", async () => {
    const run = await ended(functionLevel, app, await send("test/function-level"));
    expect(run.status).toBe("completed");
    expect(run.output).toEqual({ attempt: 1 });
    expect(bodies.get("function-level")).toBe(2);
  });

  test("NonRetriableError fails the run at once", async () => {
    const run = await ended(nonRetriable, app, await send("test/non-retriable"));
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ message: expect.stringContaining("this cannot work") });
    expect(bodies.get("non-retriable")).toBe(1);
  });

  test("runs parallel steps side by side, each body once", async () => {
    const run = await ended(parallel, app, await send("test/parallel"));
    expect(run.output).toEqual(["X", "Y", "Z"]);
    expect(["x", "y", "z"].map((n) => bodies.get(`parallel:${n}`))).toEqual([1, 1, 1]);
    expect(run.stack).toHaveLength(3);
  });

  test("step.sendEvent fans out: five events start five runs", async () => {
    const batch = "b1";
    const run = await ended(fanOut, app, await send("test/fan-out", { batch }));
    expect((run.output as { ids: string[] }).ids).toHaveLength(5);
    const items = await until(async () => {
      const runs = (await runsOf(fanItem, app)).filter((r) => (r.event as { data: { batch: string } }).data.batch === batch);
      return runs.length === 5 && runs.every((r) => r.status === "completed") && runs;
    });
    expect(items.map((r) => r.output).sort()).toEqual([0, 1, 2, 3, 4]);
    expect([0, 1, 2, 3, 4].map((i) => bodies.get(`fan:${batch}:${i}`))).toEqual([1, 1, 1, 1, 1]);
  });

  test("waitForEvent resolves on the matching event only", async () => {
    const eventId = await send("test/order", { orderId: "o-1" });
    await until(async () => (await runsOf(approval, app, eventId)).find((r) => r.status === "waiting"));
    await send("test/approved", { orderId: "o-2", by: "someone else" });
    await send("test/approved", { orderId: "o-1", by: "alice" });
    const run = await ended(approval, app, eventId);
    expect(run.output).toEqual({ orderId: "o-1", by: "alice" });
  });

  test("waitForEvent resolves on the first matching event of a batch sent at once", async () => {
    const eventId = await send("test/order", { orderId: "o-batch" });
    await until(async () => (await runsOf(approval, app, eventId)).find((r) => r.status === "waiting"));
    await inngest.send(Array.from({ length: 20 }, (_, i) => ({ name: "test/approved", data: { orderId: "o-batch", by: `approver ${i}` } })));
    const run = await ended(approval, app, eventId);
    expect(run.output).toEqual({ orderId: "o-batch", by: "approver 0" });
  });

  test("waitForEvent times out to null", async () => {
    const eventId = await send("test/impatient");
    await until(async () => (await runsOf(impatient, app, eventId)).find((r) => r.status === "waiting"));
    await send("test/reply", { ok: false });
    const run = await ended(impatient, app, eventId);
    expect(run.output).toEqual({ reply: null });
  });

  test("a cancelled run stops waiting and never completes", async () => {
    const eventId = await send("test/order", { orderId: "o-cancel" });
    const waiting = await until(async () => (await runsOf(approval, app, eventId)).find((r) => r.status === "waiting"));
    expect(await cancelRun(waiting.id)).toBe(true);
    await send("test/approved", { orderId: "o-cancel" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [run] = await runsOf(approval, app, eventId);
    expect(run).toMatchObject({ status: "cancelled", output: null });
  });

  test("step.invoke runs the other function and returns its result", async () => {
    const run = await ended(parent, app, await send("test/parent"));
    expect(run.output).toEqual({ doubled: 42 });
    const [childRun] = await db.jobRun.findMany({ where: { parentRunId: run.id } });
    expect(childRun).toMatchObject({ status: "completed", output: 42 });
  });

  test("onFailure runs after the final failure, with the error and the original event", async () => {
    const run = await ended(failing, app, await send("test/failing", { order: 7 }));
    expect(run.status).toBe("failed");
    await until(async () => failureSeen.length > 0);
    expect(failureSeen).toEqual([{ message: "boom", original: { order: 7 } }]);
  });
});
