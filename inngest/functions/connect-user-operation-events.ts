// Ends pending user operations by the EntryPoint's UserOperationEvent, as the log watcher sees it
// (lib/connect/user-op-watch.ts). The record's compare-and-set makes a repeated event a no-op.
import { inngest } from "@/inngest/client";
import { CHAIN_LOG, type ChainLogEventData } from "@/lib/chain/watcher";
import { settleFromUserOperationEvent } from "@/lib/connect/user-op-watch";
import { settleCarriedRecord } from "@/lib/connect/carried-records";

export const connectUserOperationEvents = inngest.createFunction(
  { id: "connect-user-operation-events", triggers: [{ event: CHAIN_LOG, if: "event.data.event == 'UserOperationEvent'" }], retries: 5 },
  async ({ event, step }) =>
    step.run("settle", async () => {
      const settled = await settleFromUserOperationEvent(event.data as ChainLogEventData);
      for (const record of settled) await settleCarriedRecord(record); // a connect-mode chain write ends with it
      return settled.map((r) => ({ id: r.id, status: r.status }));
    }),
);
