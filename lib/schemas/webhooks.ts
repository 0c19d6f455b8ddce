// Webhook endpoints (spec 4.7) and their deliveries.
import { z } from "zod";
import { Id, IdempotencyKey, ListQuery, listOf, singleLine, writeBody, apiObject } from "./common";
import { ALL_EVENTS, EVENT_TYPES } from "@/lib/core/event-types";

export const MAX_METADATA_KEYS = 50;

const EventName = z.enum([...EVENT_TYPES, ALL_EVENTS], { error: "must be an event name of the spec's section 6, or *" });

const Url = singleLine(z.string().trim().min(1).max(2048)).meta({
  description: "Where deliveries are POSTed: https, or (test-mode keys only) http to localhost or a loopback address.",
  example: "https://example.com/webhooks",
});

const Events = z
  .array(EventName)
  .min(1)
  .max(EVENT_TYPES.length + 1)
  .transform((names) => [...new Set(names)])
  .meta({ description: "Event names to receive (section 6), or `*` for every event. `transaction.reorged` is an addition to the spec: a transaction already reported confirmed (or failed on chain) was removed by a chain reorganisation within the network's finality window; it is open again (`submitted`) and sent again, and transaction.confirmed (or transaction.failed) follows again for the same id. What its first confirmation reported (e.g. token.minted) is not repeated or withdrawn: treat it as provisional until then. `governance.reorged` is an addition too: a governance event already sent came from a log whose block a reorganisation orphaned; `withdrawn` names that event, and the new branch's logs follow as events of their own.", example: ["token.deployed", "transaction.confirmed"] });

export const Metadata = z
  .record(singleLine(z.string().min(1).max(40)), z.string().max(500, "values are at most 500 characters"))
  .refine((m) => Object.keys(m).length <= MAX_METADATA_KEYS, `at most ${MAX_METADATA_KEYS} keys`)
  .meta({
    description:
      "Your key-value pairs: at most 50 keys of up to 40 characters, string values of up to 500 characters. " +
      "On update, keys are merged into the stored metadata and a key set to an empty string is removed.",
    example: { team: "treasury" },
  });

const Description = z.string().max(5000).meta({ description: "Free text; an empty string clears it." });

export const CreateWebhookEndpointInput = writeBody({
  url: Url,
  events: Events,
  description: Description.optional(),
  metadata: Metadata.optional(),
});

export const UpdateWebhookEndpointInput = writeBody({
  url: Url.optional(),
  events: Events.optional(),
  description: Description.optional(),
  metadata: Metadata.optional(),
  disabled: z
    .boolean()
    .optional()
    .meta({ description: "Disable (true) or re-enable (false) the endpoint. Re-enabling also clears an automatic disable." }),
});

export const RotateWebhookSecretInput = z.strictObject({ idempotency_key: IdempotencyKey.optional() });

export const WebhookEndpoint = apiObject("webhook_endpoint", {
  id: z.string().meta({ example: "we_01jd0j7x3s8w9k5q2m4n6p8r0t" }),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
  status: z.enum(["enabled", "disabled"]).meta({
    description: "`disabled` endpoints get no deliveries; an endpoint whose attempts all failed for 5 days is disabled automatically.",
  }),
  disabled_reason: z.enum(["failing", "requested", "gone"]).nullable().meta({
    description: "`failing`: disabled after 5 days of failed deliveries; `requested`: by an update; `gone` (an addition): the receiver answered 410 Gone.",
  }),
  livemode: z.boolean().meta({ description: "Live endpoints receive live-mode events, test endpoints test-mode ones; events of no mode (auth, api_key, wallet) go to both." }),
  secret: z.string().optional().meta({ description: "The signing secret (`whsec_…`); only in the responses of create and rotate_secret.", example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }),
  previous_secret_expires: z.number().int().nullable().meta({ description: "After a rotation: until when deliveries are also signed with the previous secret." }),
  created: z.number().int(),
  updated: z.number().int(),
}).meta({ id: "WebhookEndpoint" });

export const WebhookEndpointList = listOf(WebhookEndpoint, "WebhookEndpointList");

export const DeliveryStatus = z.enum(["pending", "succeeded", "failed"]);

export const DeliveriesQuery = ListQuery.extend({
  status: DeliveryStatus.optional().meta({ description: "Only deliveries in this status." }),
});

export const DeliveryParams = z.strictObject({ id: Id, delivery_id: Id });

export const WebhookDelivery = apiObject("webhook_delivery", {
  id: z.string().meta({ example: "whd_01jd0j7x3s8w9k5q2m4n6p8r0t" }),
  endpoint: z.string().meta({ description: "The webhook endpoint's id." }),
  event: z.string().meta({ description: "The event's id, also sent as `webhook-id`." }),
  event_type: z.string(),
  status: DeliveryStatus.meta({ description: "`pending` until an attempt gets a 2xx (`succeeded`) or the retries are exhausted (`failed`)." }),
  attempts: z.number().int().meta({ description: "Attempts made so far, manual retries included." }),
  response_status: z.number().int().nullable().meta({ description: "HTTP status of the last attempt; null if it got no response." }),
  duration_ms: z.number().int().nullable().meta({ description: "How long the last attempt took." }),
  last_error: z.string().nullable(),
  response_body: z.string().nullable().meta({ description: "An addition to the spec: the first 4 KB of the receiver's answer to the last attempt, as text; null if it got no response." }),
  next_attempt: z.number().int().nullable().meta({ description: "When the next automatic attempt is due (Unix seconds); null if none." }),
  last_attempt: z.number().int().nullable(),
  created: z.number().int(),
}).meta({ id: "WebhookDelivery" });

export const WebhookDeliveryList = listOf(WebhookDelivery, "WebhookDeliveryList");

export const RetryDeliveryInput = z.strictObject({ idempotency_key: IdempotencyKey.optional() });

const ADDITION = "An addition to the spec.";

export const ResendDeliveryInput = z.strictObject({ idempotency_key: IdempotencyKey.optional() }).meta({
  description: `${ADDITION} Sends the delivery's event again with the same \`webhook-id\` (receivers dedupe on it), on a fresh automatic retry schedule.`,
});

export const ResendRangeInput = z
  .strictObject({
    created_gte: z.number().int().nonnegative().meta({ description: "Deliveries created at or after this time (Unix seconds)." }),
    created_lt: z.number().int().positive().meta({ description: "…and before this time (Unix seconds)." }),
    idempotency_key: IdempotencyKey.optional(),
  })
  .refine((r) => r.created_lt > r.created_gte, { message: "created_lt must be after created_gte", path: ["created_lt"] })
  .meta({ description: `${ADDITION} Sends again every failed delivery of the endpoint created in the range (at most 1000 per call), each with its event's \`webhook-id\`.` });

export const WebhookResend = apiObject("webhook_resend", {
  endpoint: z.string(),
  resent: z.number().int().meta({ description: "How many failed deliveries were queued again." }),
  deliveries: z.array(z.string()).meta({ description: "Their ids." }),
  has_more: z.boolean().meta({ description: "More failed deliveries are in the range than one call resends; call again." }),
}).meta({ id: "WebhookResend", description: ADDITION });
