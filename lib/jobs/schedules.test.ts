// Cron triggers under local executors, against a test clock: runs at the schedule's ticks, one run per
// tick however many executors share the database, and after downtime one run for the latest missed tick.
import { describe, expect, test } from "vitest";
import type { InngestFunction } from "inngest";
import type { LocalExecutor } from "./executor";
import { runsOf, startTestExecutor, testClient, until } from "@/lib/jobs/testing";

const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The ticks (event.ts, ISO) of the function's runs, once every run has completed and a moment passed without new ones. */
async function ticksOf(fn: InngestFunction.Any, appId: string, expected: number): Promise<string[]> {
  await until(async () => {
    const runs = await runsOf(fn, appId);
    return runs.length >= expected && runs.every((r) => r.status === "completed");
  });
  await sleep(300); // several checks of every executor's cron loop: nothing more may start
  const runs = await runsOf(fn, appId);
  return runs.map((r) => new Date((r.event as { ts: number }).ts).toISOString()).sort();
}

describe("cron triggers", () => {
  test("a cron function runs at each tick of its schedule, once per tick with two executors", async () => {
    const inngest = testClient("cron");
    const fn = inngest.createFunction({ id: "every-other-minute", triggers: [{ cron: "*/2 * * * *" }] }, async ({ event }) => ({
      name: event.name,
      cron: (event.data as { cron: string }).cron,
    }));
    let now = Date.parse("2030-01-01T00:00:30Z");
    const options = { client: inngest, functions: [fn], cronClock: () => now };
    const executors: LocalExecutor[] = await Promise.all(["cron-a", "cron-b"].map((instanceId) => startTestExecutor({ ...options, instanceId })));
    try {
      expect(await ticksOf(fn, inngest.id, 0)).toEqual([]); // a new schedule waits for its next tick
      for (let minute = 1; minute <= 6; minute++) {
        now += MINUTE;
        await ticksOf(fn, inngest.id, Math.floor(minute / 2));
      }
      expect(await ticksOf(fn, inngest.id, 3)).toEqual(["2030-01-01T00:02:00.000Z", "2030-01-01T00:04:00.000Z", "2030-01-01T00:06:00.000Z"]);
      const [run] = await runsOf(fn, inngest.id);
      expect(run.output).toEqual({ name: "inngest/scheduled.timer", cron: "*/2 * * * *" });
    } finally {
      await Promise.all(executors.map((e) => e.stop()));
    }
  });

  test("after downtime only the latest missed tick runs, once, when an executor starts again", async () => {
    const inngest = testClient("cron-restart");
    const fn = inngest.createFunction({ id: "every-minute", triggers: [{ cron: "* * * * *" }] }, async () => "ticked");
    let now = Date.parse("2030-01-01T00:00:30Z");
    const start = (instanceId: string) => startTestExecutor({ client: inngest, functions: [fn], instanceId, cronClock: () => now });

    const first = await start("cron-restart-a");
    now += MINUTE;
    expect(await ticksOf(fn, inngest.id, 1)).toEqual(["2030-01-01T00:01:00.000Z"]);
    await first.stop();

    now += 10 * MINUTE; // down from 00:01:30 to 00:11:30: ten ticks missed
    const again = await Promise.all(["cron-restart-b", "cron-restart-c"].map(start));
    try {
      expect(await ticksOf(fn, inngest.id, 2)).toEqual(["2030-01-01T00:01:00.000Z", "2030-01-01T00:11:00.000Z"]);
      now += 20_000; // 00:11:50, no tick
      expect(await ticksOf(fn, inngest.id, 2)).toHaveLength(2);
      now += 20_000; // 00:12:10
      expect((await ticksOf(fn, inngest.id, 3)).at(-1)).toBe("2030-01-01T00:12:00.000Z");
    } finally {
      await Promise.all(again.map((e) => e.stop()));
    }
  });
});
