// One function's slow runs never take every slot of an executor: a quarter of them stays free for the
// other functions (a tenant's unreachable webhook endpoint must not hold back everyone's transactions).
import { describe, expect, test } from "vitest";
import { ended, startTestExecutor, testClient, until } from "@/lib/jobs/testing";

describe("slots shared between functions", () => {
  test("a flood of hanging runs of one function leaves room for another function's run", async () => {
    const inngest = testClient("fair");
    let hanging = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow = inngest.createFunction({ id: "slow", triggers: [{ event: "test/slow" }] }, async ({ step }) => {
      await step.run("hang", async () => {
        hanging += 1;
        await released;
      });
    });
    const quick = inngest.createFunction({ id: "quick", triggers: [{ event: "test/quick" }] }, async ({ step }) => step.run("answer", () => "done"));
    const executor = await startTestExecutor({ client: inngest, functions: [slow, quick], instanceId: "fair-a", maxInFlight: 8, pollIntervalMs: 50 });
    try {
      // Sent one by one (claimed at creation) and then in a batch (claimed by the poll): both paths keep the share.
      for (let i = 0; i < 6; i++) await inngest.send({ name: "test/slow", data: { i } });
      await inngest.send(Array.from({ length: 20 }, (_, i) => ({ name: "test/slow", data: { i: 6 + i } })));
      await until(async () => hanging === 6);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(hanging).toBe(6); // 8 slots, a quarter kept for the others

      const { ids } = await inngest.send({ name: "test/quick", data: {} });
      expect(await ended(quick, inngest.id, ids[0], 5_000)).toMatchObject({ status: "completed", output: "done" });
    } finally {
      release();
      await executor.stop();
    }
  });
});
