// Every minute, re-dispatch transaction records nobody is finishing (lib/chain/records/reconciler).
import { inngest } from "@/lib/jobs/client";
import { reconcileTransactions } from "@/lib/chain/records/reconciler";

export const reconcileTransactionsCron = inngest.createFunction(
  { id: "reconcile-transactions", triggers: [{ cron: "* * * * *" }], retries: 0 },
  async ({ step }) => step.run("reconcile", () => reconcileTransactions()),
);
