// GET /v1/events — events emitted for the tenant (the caller's mode), newest first
import { api } from "@/lib/api/handler";
import { EventList, EventsQuery } from "@/lib/schemas/events";
import { listEvents } from "@/lib/webhooks/events";

export const GET = api(
  { auth: "any", summary: "List events", query: EventsQuery, response: EventList, tags: ["events"] },
  ({ caller, scope, query }) => listEvents(scope, query),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
