// Connect's Inngest functions. Each ends user operations (lib/connect/user-ops/relay.ts, ops.ts) and settles the chain
// write a connect-mode record carries with them (lib/connect/user-ops/carried-records.ts):
// - followRelayOperation follows one pending operation until the chain answers: for up to ~20 s in one step
//   (receipt, chain evidence, or a resend of the same signed operation: lib/connect/user-ops/evidence.ts), then
//   lets Inngest retry with backoff while it is still not mined. The record is the state: a repeated run only
//   finishes what is still `pending`; past the retries, the sweeper carries on.
// - connectUserOperationEvents ends them by the EntryPoint's UserOperationEvent, as the log watcher sees it
//   (lib/connect/user-ops/watch.ts). The record's compare-and-set makes a repeated event a no-op.
// - sweepRelaysCron, every minute, advances those left pending with nobody following them (lib/connect/user-ops/relay-sweeper.ts).
import { NonRetriableError } from "inngest";
import { inngest } from "@/lib/jobs/client";
import { db } from "@/lib/db";
import { CHAIN_LOG, CHAIN_LOG_REMOVED, type ChainLogEventData } from "@/lib/chain/watch/watcher";
import { RELAY_SUBMITTED } from "@/lib/connect/user-ops/relay";
import { advancePending } from "@/lib/connect/user-ops/evidence";
import { settleCarriedRecord } from "@/lib/connect/user-ops/carried-records";
import { reopenFromRemovedUserOperationEvent, settleFromUserOperationEvent } from "@/lib/connect/user-ops/watch";
import { sweepPendingUserOperations } from "@/lib/connect/user-ops/relay-sweeper";

const POLL_MS = 200;
const STEP_BUDGET_MS = 20_000;

/** The log event connectUserOperationEvents consumes (lib/connect/module.ts). */
export const USER_OPERATION_LOG_EVENT = "UserOperationEvent";

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

export const connectUserOperationEvents = inngest.createFunction(
  {
    id: "connect-user-operation-events",
    triggers: [
      { event: CHAIN_LOG, if: `event.data.event == '${USER_OPERATION_LOG_EVENT}'` },
      { event: CHAIN_LOG_REMOVED, if: `event.data.event == '${USER_OPERATION_LOG_EVENT}'` },
    ],
    retries: 5,
  },
  async ({ event, step }) =>
    event.name === CHAIN_LOG_REMOVED // its block was orphaned: reopen what it ended
      ? step.run("reopen", () => reopenFromRemovedUserOperationEvent(event.data as ChainLogEventData))
      : step.run("settle", async () => {
          const settled = await settleFromUserOperationEvent(event.data as ChainLogEventData);
          for (const record of settled) await settleCarriedRecord(record); // a connect-mode chain write ends with it
          return settled.map((r) => ({ id: r.id, status: r.status }));
        }),
);

export const sweepRelaysCron = inngest.createFunction(
  { id: "connect-sweep-relays", triggers: [{ cron: "* * * * *" }], retries: 0 },
  async ({ step }) =>
    step.run("sweep", async () => {
      const { swept, ended, failedReads } = await sweepPendingUserOperations();
      for (const record of ended) await settleCarriedRecord(record); // a connect-mode chain write ends with it
      return { swept, ended: ended.map((r) => ({ id: r.id, status: r.status })), failed_reads: failedReads };
    }),
);
