// Several executors on one database: crash recovery, lease takeover and fencing, exactly-once completion
// under concurrency, and concurrency keys.
import { describe, expect, test } from "vitest";
import { serve } from "inngest/next";
import { db } from "@/lib/db";
import { describeApp } from "./registry";
import { claimDueRuns, LeaseLost, newRunRow, registerApp, saveRun } from "./store";
import { ended, runsOf, startTestExecutor, testClient, until } from "@/lib/jobs/testing";

const counts = new Map<string, number>();
const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

describe("executors sharing a database", () => {
  test("a run that sleeps in a crashed executor is finished by another, exactly once", async () => {
    const inngest = testClient("crash");
    const fn = inngest.createFunction({ id: "sleepy", triggers: [{ event: "test/sleepy" }] }, async ({ step }) => {
      await step.run("before", () => count("crash:before"));
      await step.sleep("nap", "1s");
      await step.run("after", () => count("crash:after"));
      return "done";
    });
    const a = await startTestExecutor({ client: inngest, functions: [fn], instanceId: "crash-a" });
    const { ids } = await inngest.send({ name: "test/sleepy", data: {} });
    await until(async () => (await runsOf(fn, inngest.id, ids[0])).find((r) => r.status === "sleeping"));
    await a.stop({ abandon: true });

    const b = await startTestExecutor({ client: inngest, functions: [fn], instanceId: "crash-b" });
    const run = await ended(fn, inngest.id, ids[0]);
    await b.stop();
    expect(run).toMatchObject({ status: "completed", output: "done" });
    expect([counts.get("crash:before"), counts.get("crash:after")]).toEqual([1, 1]);
  });

  test("a run held by a dead executor is taken over when its lease expires", async () => {
    const inngest = testClient("lease");
    let releaseStuckStep!: () => void;
    const stuck = new Promise<void>((resolve) => (releaseStuckStep = resolve));
    const fn = inngest.createFunction({ id: "slow", triggers: [{ event: "test/slow" }] }, async ({ step }) => {
      await step.run("slow", async () => {
        count("lease:slow");
        if (counts.get("lease:slow") === 1) await stuck; // the first executor hangs here
      });
      await step.run("after", () => count("lease:after"));
      return "done";
    });
    const leaseMs = 600;
    const a = await startTestExecutor({ client: inngest, functions: [fn], instanceId: "lease-a", leaseMs });
    const { ids } = await inngest.send({ name: "test/slow", data: {} });
    await until(async () => counts.get("lease:slow") === 1);
    await a.stop({ abandon: true });
    const abandonedAt = Date.now();

    const b = await startTestExecutor({ client: inngest, functions: [fn], instanceId: "lease-b", leaseMs });
    const run = await ended(fn, inngest.id, ids[0]);
    expect(Date.now() - abandonedAt).toBeGreaterThanOrEqual(leaseMs - 100);
    releaseStuckStep(); // the dead executor's step returns; it must write nothing
    await new Promise((resolve) => setTimeout(resolve, 100));
    await b.stop();

    const after = await db.jobRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(after).toMatchObject({ status: "completed", output: "done", stack: run.stack });
    expect(counts.get("lease:after")).toBe(1);
    expect(counts.get("lease:slow")).toBe(2); // a step is at-least-once: the takeover repeats the unfinished one
  });

  test("a write by an executor whose lease was taken over is rejected", async () => {
    const inngest = testClient("fence");
    const fn = inngest.createFunction({ id: "noop", triggers: [{ event: "test/noop" }] }, async () => null);
    const appInfo = describeApp(inngest, [fn]);
    await registerApp(appInfo.id);
    await db.jobRun.createMany({ data: [newRunRow(appInfo.functions.get(fn.id(inngest.id))!, { name: "test/noop", data: {} })] });

    const { runs: [first] } = await claimDueRuns(appInfo, "old/1", 1, 50);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { runs: [second] } = await claimDueRuns(appInfo, "new/1", 1, 5_000);
    expect(second.id).toBe(first.id);
    await expect(saveRun(first, { attempt: 9 })).rejects.toBeInstanceOf(LeaseLost);
    await expect(saveRun(second, { attempt: 1 })).resolves.toBe(0);
  });

  test("two executors complete 50 runs, each exactly once", async () => {
    const inngest = testClient("pair");
    const fn = inngest.createFunction({ id: "work", triggers: [{ event: "test/work" }] }, async ({ event, step }) => {
      const n = await step.run("work", () => (count(`pair:${event.data.i}`), event.data.i as number));
      await step.run("check", () => n);
      return n;
    });
    const { POST } = serve({ client: inngest, functions: [fn] });
    const calls = { a: 0, b: 0 };
    const counted = (name: "a" | "b") => (request: Request) => {
      calls[name] += 1;
      return (POST as unknown as (r: Request, c: unknown) => Promise<Response>)(request, undefined);
    };
    const options = { client: inngest, functions: [fn], maxInFlight: 8 };
    const [a, b] = await Promise.all([
      startTestExecutor({ ...options, instanceId: "pair-a", handler: counted("a") }),
      startTestExecutor({ ...options, instanceId: "pair-b", handler: counted("b") }),
    ]);
    await inngest.send(Array.from({ length: 50 }, (_, i) => ({ name: "test/work", data: { i } })));
    const runs = await until(async () => {
      const all = await runsOf(fn, inngest.id);
      return all.length === 50 && all.every((r) => r.status === "completed") && all;
    }, 30_000);
    await Promise.all([a.stop(), b.stop()]);

    expect(runs.map((r) => r.output).sort((x, y) => Number(x) - Number(y))).toEqual([...Array(50).keys()]);
    expect([...Array(50).keys()].every((i) => counts.get(`pair:${i}`) === 1)).toBe(true);
    expect(calls.a).toBeGreaterThan(0);
    expect(calls.b).toBeGreaterThan(0);
  });

  test("a concurrency key lets one run per key work at a time", async () => {
    const inngest = testClient("limit");
    let active = 0;
    let mostActive = 0;
    const fn = inngest.createFunction(
      { id: "one-at-a-time", triggers: [{ event: "test/limited" }], concurrency: { limit: 1, key: "event.data.tenant" } },
      async ({ step }) => {
        await step.run("exclusive", async () => {
          mostActive = Math.max(mostActive, ++active);
          await new Promise((resolve) => setTimeout(resolve, 150));
          active -= 1;
        });
      },
    );
    const a = await startTestExecutor({ client: inngest, functions: [fn], instanceId: "limit-a" });
    await inngest.send([1, 2, 3].map(() => ({ name: "test/limited", data: { tenant: "t1" } })));
    await until(async () => {
      const all = await runsOf(fn, inngest.id);
      return all.length === 3 && all.every((r) => r.status === "completed");
    });
    await a.stop();
    expect(mostActive).toBe(1);
  });
});
