// Leases that lapse while a run is being driven: the executor driving it never drives it a second time,
// and once another instance has taken the run over, the first one's results are refused. A clean stop hands
// a run back at once, even one in the middle of a long call, instead of leaving its lease to lapse.
import { describe, expect, test } from "vitest";
import { serve } from "inngest/next";
import { db } from "@/lib/db";
import { ended, runsOf, startTestExecutor, testClient, until } from "@/lib/jobs/testing";
import { runStopping } from "./shutdown";

const counts = new Map<string, number>();
const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a lease that lapses mid-drive", () => {
  test("the executor still driving the run does not claim it again: the step runs once, the run completes once", async () => {
    const inngest = testClient("lapse");
    const fn = inngest.createFunction({ id: "slow-step", triggers: [{ event: "test/lapse" }] }, async ({ step }) => {
      await step.run("slow", async () => {
        count("lapse:slow");
        await sleep(800);
      });
      return step.run("after", () => (count("lapse:after"), "done"));
    });
    // Renewal comes long after the lease ends, so the lease lapses while the slow step runs.
    const a = await startTestExecutor({ client: inngest, functions: [fn], instanceId: "lapse-a", leaseMs: 100, renewIntervalMs: 10_000 });
    const { ids } = await inngest.send({ name: "test/lapse", data: {} });
    const run = await ended(fn, inngest.id, ids[0]);
    await a.stop();

    expect(run).toMatchObject({ status: "completed", output: "done" });
    expect([counts.get("lapse:slow"), counts.get("lapse:after")]).toEqual([1, 1]);
  });

  test("an instance that took the run over keeps its results: the first instance writes nothing more", async () => {
    const inngest = testClient("takeover");
    let releaseFirst!: () => void;
    const firstStuck = new Promise<void>((resolve) => (releaseFirst = resolve));
    const fn = inngest.createFunction({ id: "taken-over", triggers: [{ event: "test/takeover" }] }, async ({ step }) => {
      const by = await step.run("slow", async () => {
        count("takeover:slow");
        if (counts.get("takeover:slow") === 1) {
          await firstStuck; // the first instance's attempt hangs until the other one has finished the run
          return "first";
        }
        return "second";
      });
      await step.run("after", () => count(`takeover:after:${by}`));
      return by;
    });
    const { POST } = serve({ client: inngest, functions: [fn] });
    let firstCalls = 0;
    const firstHandler = (request: Request) => {
      firstCalls += 1;
      return (POST as unknown as (r: Request, c: unknown) => Promise<Response>)(request, undefined);
    };
    const a = await startTestExecutor({
      client: inngest,
      functions: [fn],
      instanceId: "takeover-a",
      handler: firstHandler,
      leaseMs: 150,
      renewIntervalMs: 600, // lapses first; the renewal that follows finds the run taken over
    });
    const { ids } = await inngest.send({ name: "test/takeover", data: {} });
    await until(async () => counts.get("takeover:slow") === 1);

    const b = await startTestExecutor({ client: inngest, functions: [fn], instanceId: "takeover-b" });
    const run = await ended(fn, inngest.id, ids[0]);
    expect(run).toMatchObject({ status: "completed", output: "second" });
    await sleep(700); // a renewal by the first instance has happened meanwhile
    const callsBeforeRelease = firstCalls;
    releaseFirst(); // its step returns "first": that result must not be saved, and it must not carry on
    await sleep(300);
    await Promise.all([a.stop(), b.stop()]);

    const after = await db.jobRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(after).toMatchObject({ status: "completed", output: "second", steps: run.steps, stack: run.stack });
    expect(counts.get("takeover:after:first")).toBeUndefined();
    expect(counts.get("takeover:after:second")).toBe(1);
    expect(firstCalls).toBe(callsBeforeRelease);
  });

  test("a clean stop: a long call is told (runStopping) and ends, and nothing is left holding a lease", async () => {
    const inngest = testClient("handback");
    let calls = 0;
    const fn = inngest.createFunction({ id: "long-call", triggers: [{ event: "test/handback" }] }, async () => {
      calls += 1;
      const started = Date.now();
      while (!runStopping()) {
        if (Date.now() - started > 20_000) return "never told";
        await sleep(10);
      }
      return "handed back";
    });
    const a = await startTestExecutor({ client: inngest, functions: [fn], instanceId: "handback-a", leaseMs: 30_000 });
    const { ids } = await inngest.send({ name: "test/handback", data: {} });
    await until(async () => calls === 1);
    expect(runStopping()).toBe(false); // outside a run

    const stopping = Date.now();
    await a.stop();
    expect(Date.now() - stopping).toBeLessThan(2_000);
    const [run] = await runsOf(fn, inngest.id, ids[0]);
    expect(run).toMatchObject({ status: "completed", output: "handed back" });
  });
});
