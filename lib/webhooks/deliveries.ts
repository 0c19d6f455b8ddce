// Deliveries of an endpoint: listing, one delivery, and a re-send by hand.
import { db } from "@/lib/db";
import { unixSeconds } from "@/lib/core/ids";
import { invalidRequest, notFound } from "@/lib/core/errors";
import { paginate } from "@/lib/core/pagination";
import type { WebhookDelivery } from "@/lib/generated/prisma/client";
import type { ListParams } from "@/lib/schemas/common";
import { attemptManual } from "./attempt";
import { findEndpoint } from "@/lib/webhooks/endpoints";
import { type Scope } from "@/lib/core/scope";

const seconds = (date: Date | null) => (date ? unixSeconds(date) : null);

export const serializeDelivery = (d: WebhookDelivery) => ({
  object: "webhook_delivery" as const,
  id: d.id,
  endpoint: d.endpointId,
  event: d.eventId,
  event_type: d.eventType,
  status: d.status as "pending" | "succeeded" | "failed",
  attempts: d.attempts,
  response_status: d.responseStatus,
  duration_ms: d.durationMs,
  last_error: d.lastError,
  response_body: d.responseBody,
  next_attempt: seconds(d.nextAttemptAt),
  last_attempt: seconds(d.lastAttemptAt),
  created: unixSeconds(d.createdAt),
});

export async function listDeliveries(scope: Scope, endpointId: string, params: ListParams & { status?: string }) {
  const endpoint = await findEndpoint(scope, endpointId);
  const where = { endpointId: endpoint.id, ...(params.status ? { status: params.status } : {}) };
  return paginate(db.webhookDelivery, where, params, serializeDelivery);
}

async function findDelivery(scope: Scope, endpointId: string, id: string) {
  const endpoint = await findEndpoint(scope, endpointId);
  const delivery = await db.webhookDelivery.findFirst({ where: { id, endpointId: endpoint.id } });
  if (!delivery) throw notFound("webhook_delivery", id);
  return { endpoint, delivery };
}

export const getDelivery = async (scope: Scope, endpointId: string, id: string) =>
  serializeDelivery((await findDelivery(scope, endpointId, id)).delivery);

/**
 * Sends the delivery's event again now and answers with the outcome. Counts as an attempt; a failure does
 * not stop automatic retries still scheduled, and a success ends them.
 */
export async function retryDelivery(scope: Scope, endpointId: string, id: string) {
  const { endpoint, delivery } = await findDelivery(scope, endpointId, id);
  if (endpoint.status !== "enabled") {
    throw invalidRequest("webhook_endpoint_disabled", "The endpoint is disabled; enable it (update with disabled: false) before retrying.", "id");
  }
  await attemptManual(delivery.id);
  return serializeDelivery(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } }));
}
