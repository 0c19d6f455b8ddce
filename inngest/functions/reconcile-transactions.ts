// Every minute, re-dispatch transaction records nobody is finishing (lib/chain/reconciler).
import { inngest } from "@/inngest/client";
import { reconcileTransactions } from "@/lib/chain/reconciler";

export const reconcileTransactionsCron = inngest.createFunction(
  { id: "reconcile-transactions", triggers: [{ cron: "* * * * *" }], retries: 0 },
  async ({ step }) => step.run("reconcile", () => reconcileTransactions()),
);
