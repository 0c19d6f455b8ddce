// The event as webhooks deliver it and /v1/events returns it: {id, object, type, created, data: {object}}.
import { unixSeconds } from "@/lib/core/ids";

export interface EventRecord {
  id: string;
  type: string;
  data: unknown;
  createdAt: Date;
}

export const serializeEvent = (event: EventRecord) => ({
  id: event.id,
  object: "event" as const,
  type: event.type,
  created: unixSeconds(event.createdAt),
  data: event.data as { object: Record<string, unknown> },
});
