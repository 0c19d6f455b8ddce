// Resending by hand (an addition): a delivery, or every failed delivery of an endpoint in a time range,
// goes back to pending with no owning run and gets a new durable run, so it follows the automatic retry
// schedule from the start. The event, and so the `webhook-id`, stays the same: receivers dedupe on it.
import { db } from "@/lib/db";
import { randomUUID } from "node:crypto";
import { invalidRequest, notFound } from "@/lib/core/errors";
import { inngest } from "@/lib/jobs/client";
import { serializeDelivery } from "./deliveries";
import { findEndpoint } from "@/lib/webhooks/endpoints";
import { type Scope } from "@/lib/core/scope";
import { DELIVERY_REQUESTED } from "./outbox";

const RANGE_LIMIT = 1000;

async function enabledEndpoint(scope: Scope, endpointId: string) {
  const endpoint = await findEndpoint(scope, endpointId);
  if (endpoint.status !== "enabled") {
    throw invalidRequest("webhook_endpoint_disabled", "The endpoint is disabled; enable it (update with disabled: false) before resending.", "id");
  }
  return endpoint;
}

/** Resets the deliveries to pending and starts one run each (a fresh Inngest event id: the first run's id is the delivery's). */
async function requeue(ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db.$executeRaw`
    UPDATE webhook_deliveries SET status = 'pending', run_id = NULL, next_attempt_at = now(), enqueued_at = now()
    WHERE id = ANY (${ids}::text[])`;
  await inngest.send(ids.map((id) => ({ name: DELIVERY_REQUESTED, id: `${id}:resend:${randomUUID()}`, data: { delivery_id: id } })));
}

export async function resendDelivery(scope: Scope, endpointId: string, deliveryId: string) {
  const endpoint = await enabledEndpoint(scope, endpointId);
  const delivery = await db.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId: endpoint.id } });
  if (!delivery) throw notFound("webhook_delivery", deliveryId);
  await requeue([delivery.id]);
  return serializeDelivery(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } }));
}

export async function resendFailed(scope: Scope, endpointId: string, range: { created_gte: number; created_lt: number }) {
  const endpoint = await enabledEndpoint(scope, endpointId);
  const failed = await db.webhookDelivery.findMany({
    where: { endpointId: endpoint.id, status: "failed", createdAt: { gte: new Date(range.created_gte * 1000), lt: new Date(range.created_lt * 1000) } },
    orderBy: { id: "asc" },
    take: RANGE_LIMIT + 1,
    select: { id: true },
  });
  const ids = failed.slice(0, RANGE_LIMIT).map((d) => d.id);
  await requeue(ids);
  return { object: "webhook_resend" as const, endpoint: endpoint.id, resent: ids.length, deliveries: ids, has_more: failed.length > RANGE_LIMIT };
}
