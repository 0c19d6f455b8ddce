// Follows one pending user operation (lib/connect/relay.ts, ops.ts) until the chain answers: for up to ~20 s
// in one step (receipt, chain evidence, or a resend of the same signed operation: lib/connect/
// user-op-evidence.ts), then lets Inngest retry with backoff while the operation is still not mined. The
// record is the state: a repeated run only finishes what is still `pending`; past the retries, the sweeper
// (connect-sweep-relays.ts) carries on.
import { NonRetriableError } from "inngest";
import { inngest } from "@/inngest/client";
import { db } from "@/lib/db";
import { RELAY_SUBMITTED } from "@/lib/connect/relay";
import { advancePending } from "@/lib/connect/user-op-evidence";
import { settleCarriedRecord } from "@/lib/connect/carried-records";

const POLL_MS = 200;
const STEP_BUDGET_MS = 20_000;

export const followRelayOperation = inngest.createFunction(
  { id: "connect-follow-relay", triggers: [{ event: RELAY_SUBMITTED }], retries: 10 },
  async ({ event, step }) =>
    step.run("await-receipt", async () => {
      const id = (event.data as { id: string }).id;
      const deadline = Date.now() + STEP_BUDGET_MS;
      for (;;) {
        const record = await db.relayOperation.findUnique({ where: { id } });
        if (!record) throw new NonRetriableError(`relay operation ${id} does not exist`);
        const current = await advancePending(record);
        if (current.status !== "pending") {
          await settleCarriedRecord(current); // a connect-mode chain write ends with its operation
          return { id, status: current.status, transaction_hash: current.transactionHash };
        }
        if (Date.now() > deadline) throw new Error(`user operation ${current.userOpHash} not yet mined`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    }),
);
