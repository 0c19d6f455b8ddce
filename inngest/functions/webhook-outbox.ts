// The webhook outbox's backstop where no server process stays up to poll it (e.g. serverless with
// Inngest Cloud): every minute, fan out what is left and re-send lost delivery starts. The local executor
// runs no cron functions; there the in-process loop of lib/webhooks/outbox does this.
import { inngest } from "@/inngest/client";
import { drainOutbox } from "@/lib/webhooks/outbox";

export const webhookOutbox = inngest.createFunction(
  { id: "webhook-outbox", triggers: [{ cron: "* * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => step.run("drain", () => drainOutbox()),
);
