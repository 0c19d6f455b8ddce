// Events (spec section 6) as delivered by webhooks and listed by /v1/events.
import { z } from "zod";
import { ListQuery, listOf } from "./common";

export const EventsQuery = ListQuery.extend({
  type: z
    .string()
    .max(100)
    .regex(/^[a-z_]+(\.[a-z_]+)*(\.\*)?$/, "must be an event name, or a prefix followed by .* (e.g. token.*)")
    .optional()
    .meta({ description: "Only events of this type; `token.*` matches every token event." }),
});

export const Event = z
  .object({
    id: z.string().meta({ example: "evt_01jd0j7x3s8w9k5q2m4n6p8r0t" }),
    object: z.literal("event"),
    type: z.string().meta({ example: "token.deployed" }),
    created: z.number().int(),
    data: z.object({ object: z.record(z.string(), z.unknown()).meta({ description: "The record the event is about, as the API returns it." }) }),
  })
  .meta({ id: "Event", description: "Also the body of every webhook delivery." });

export const EventList = listOf(Event, "EventList");
