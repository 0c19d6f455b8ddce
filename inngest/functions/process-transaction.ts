// The durable half of the one transaction path (lib/chain/processor.ts does the work).
// Sending runs outside a step on purpose: it is idempotent (the record is the state machine: a signed
// record is re-broadcast, never re-signed), so a crash or a replay repeats it safely, and on a chain that
// mines at once the whole transaction completes in a single call. Waiting for confirmations is a step.
import { RetryAfterError } from "inngest";
import { inngest } from "@/inngest/client";
import { TRANSACTION_REQUESTED } from "@/lib/chain/transactions";
import { confirmTransaction, failAfterRetries, NotMinedYet, sendTransaction } from "@/lib/chain/processor";

export const processTransaction = inngest.createFunction(
  {
    id: "process-transaction",
    triggers: [{ event: TRANSACTION_REQUESTED }],
    retries: 20,
    // One run per record at a time, even if the reconciler dispatches it again.
    concurrency: { key: "event.data.transactionId", limit: 1 },
    onFailure: async ({ event, error }) => {
      await failAfterRetries(event.data.event.data.transactionId, `Gave up after repeated errors: ${error.message}`);
    },
  },
  async ({ event, step }) => {
    const id: string = event.data.transactionId;
    const sent = await sendTransaction(id);
    if (sent !== "submitted") return { id, status: sent };
    const status = await step.run("confirm", async () => {
      try {
        return await confirmTransaction(id);
      } catch (error) {
        if (error instanceof NotMinedYet) throw new RetryAfterError(error.message, "3s");
        throw error;
      }
    });
    return { id, status };
  },
);
