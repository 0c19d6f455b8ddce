// GET /v1/events/{id} — one event, as webhooks deliver it
import { api } from "@/lib/api/handler";
import { IdParam } from "@/lib/schemas/common";
import { Event } from "@/lib/schemas/events";
import { getEvent } from "@/lib/webhooks/events";

export const GET = api(
  { auth: "any", summary: "Retrieve an event", params: IdParam, response: Event, tags: ["events"] },
  ({ scope, params }) => getEvent(scope, params.id),
);

import { unmatchedMethods } from "@/lib/api/unmatched"; // 405 for the other methods (scripts/gen-routes.ts)
export const { POST, PUT, PATCH, DELETE } = unmatchedMethods;
