// Every minute, advance user operations left pending with nobody following them (lib/connect/relay-sweeper.ts).
import { inngest } from "@/inngest/client";
import { sweepPendingUserOperations } from "@/lib/connect/relay-sweeper";
import { settleCarriedRecord } from "@/lib/connect/carried-records";

export const sweepRelaysCron = inngest.createFunction(
  { id: "connect-sweep-relays", triggers: [{ cron: "* * * * *" }], retries: 0 },
  async ({ step }) =>
    step.run("sweep", async () => {
      const { swept, ended, failedReads } = await sweepPendingUserOperations();
      for (const record of ended) await settleCarriedRecord(record); // a connect-mode chain write ends with it
      return { swept, ended: ended.map((r) => ({ id: r.id, status: r.status })), failed_reads: failedReads };
    }),
);
