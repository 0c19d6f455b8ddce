// Registration refuses what the local executor would otherwise silently ignore: function options it does
// not implement and cron schedules Inngest would not accept.
import { describe, expect, test } from "vitest";
import type { InngestFunction } from "inngest";
import { inngest as appClient } from "@/lib/jobs/client";
import { functions } from "@/inngest/functions";
import { latestTick, parseCron } from "./cron";
import { describeApp } from "./registry";
import { startTestExecutor, testClient } from "@/lib/jobs/testing";

const inngest = testClient("registry");
const trigger = { triggers: [{ event: "test/registry" }] };
const handler = async () => null;

const unsupported: [string, Partial<InngestFunction.Options>][] = [
  ["throttle", { throttle: { limit: 1, period: "1s" } }],
  ["rateLimit", { rateLimit: { limit: 1, period: "1m" } }],
  ["debounce", { debounce: { period: "5s" } }],
  ["batchEvents", { batchEvents: { maxSize: 10, timeout: "5s" } }],
  ["priority", { priority: { run: "event.data.priority" } }],
  ["idempotency", { idempotency: "event.data.id" }],
  ["cancelOn", { cancelOn: [{ event: "test/cancel", match: "data.id" }] }],
  ["timeouts", { timeouts: { finish: "1m" } }],
  ["singleton", { singleton: { mode: "skip" } }],
];

describe("registering functions with the local executor", () => {
  test.each(unsupported)("a function setting %s is refused, naming the function and the option", async (option, opts) => {
    const fn = inngest.createFunction({ id: `uses-${option}`, ...trigger, ...opts } as InngestFunction.Options, handler);
    await expect(startTestExecutor({ client: inngest, functions: [fn] })).rejects.toThrow(
      `Function "${inngest.id}-uses-${option}" sets "${option}", which the local executor (lib/jobs) does not implement`,
    );
  });

  test("a second concurrency limit is refused", async () => {
    const fn = inngest.createFunction({ id: "two-limits", ...trigger, concurrency: [{ limit: 1 }, { limit: 5, key: "event.data.t" }] }, handler);
    await expect(startTestExecutor({ client: inngest, functions: [fn] })).rejects.toThrow(/"jobs-registry-\w+-two-limits" sets a second "concurrency" limit/);
  });

  test.each(["*/10 * * * * *", "@hourly", "0 0 L * *", "TZ=Nowhere/Town 0 9 * * *"])("the cron schedule %s is refused", async (cron) => {
    const fn = inngest.createFunction({ id: "bad-cron", triggers: [{ cron }] }, handler);
    await expect(startTestExecutor({ client: inngest, functions: [fn] })).rejects.toThrow(`Function "${inngest.id}-bad-cron": "${cron}"`);
  });

  test("what the executor implements is accepted", async () => {
    const fn = inngest.createFunction(
      {
        id: "implemented",
        triggers: [{ event: "test/registry", if: "event.data.ok == true" }, { cron: "TZ=Europe/Paris 0 12 * * MON-FRI" }],
        retries: 5,
        concurrency: { limit: 2, key: "event.data.t" },
        onFailure: handler,
      },
      handler,
    );
    const executor = await startTestExecutor({ client: inngest, functions: [fn] });
    await executor.stop();
  });

  test("the app's own functions, cron functions included, register", () => {
    const app = describeApp(appClient, functions);
    const crons = [...app.functions.values()].filter((fn) => fn.cronTriggers.length).map((fn) => fn.id);
    expect(crons).toEqual(expect.arrayContaining(["token-platform-reconcile-transactions", "token-platform-webhook-outbox"]));
  });

  test("a TZ= prefix reads the schedule in that time zone", () => {
    const paris = parseCron("TZ=Europe/Paris 0 12 * * MON-FRI");
    expect(new Date(latestTick(paris, Date.parse("2030-01-05T12:00:00Z"))).toISOString()).toBe("2030-01-04T11:00:00.000Z"); // Friday noon in Paris
    expect(new Date(latestTick(parseCron("0 12 * * *"), Date.parse("2030-07-01T11:59:59Z"))).toISOString()).toBe("2030-06-30T12:00:00.000Z");
  });
});
