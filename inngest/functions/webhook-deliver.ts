// One webhook delivery, durably: attempt at once; after a failure wait (step.sleepUntil, persisted) and
// try again per lib/webhooks/schedule (at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).
import { inngest } from "@/lib/jobs/client";
import { attemptScheduled, giveUp } from "@/lib/webhooks/attempt";
import { DELIVERY_REQUESTED } from "@/lib/webhooks/outbox";
import { RETRY_DELAYS_MS } from "@/lib/webhooks/schedule";
import { withSpan } from "@/lib/observability/tracing";

export const deliverWebhook = inngest.createFunction(
  {
    id: "webhook-deliver",
    triggers: [{ event: DELIVERY_REQUESTED }],
    // Retries of a step cover our own failures (e.g. the database); the receiver's are the schedule's.
    retries: 3,
    // If even those fail, the delivery must not stay pending forever.
    onFailure: async ({ event, error }) => {
      await giveUp(String(event.data.event.data.delivery_id), error.message);
    },
  },
  async ({ event, step, runId }) => {
    const deliveryId = String(event.data.delivery_id);
    for (let failures = 0; failures <= RETRY_DELAYS_MS.length; failures++) {
      const result = await step.run(`attempt-${failures + 1}`, () =>
        withSpan("webhook.delivery", { "webhook.delivery.id": deliveryId, attempt: failures + 1 }, () => attemptScheduled(deliveryId, runId, failures), event.data.trace),
      );
      if (result.nextAttemptAt === null) return result;
      if (result.delayMs) await step.sleepUntil(`wait-${failures + 2}`, new Date(result.nextAttemptAt));
    }
  },
);
