// The webhook outbox's backstop (lib/webhooks/outbox): every minute, fan out what is left (e.g. events
// from before a restart) and re-send lost delivery starts. emit() still fans out at once; this catches the rest.
import { inngest } from "@/lib/jobs/client";
import { drainOutbox } from "@/lib/webhooks/outbox";

export const webhookOutbox = inngest.createFunction(
  { id: "webhook-outbox", triggers: [{ cron: "* * * * *" }], concurrency: { limit: 1 } },
  async ({ step }) => step.run("drain", () => drainOutbox()),
);
