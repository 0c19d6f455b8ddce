// What the console shows of a delivery: the request exactly as it went out (the body every attempt signs, the
// headers; the endpoint's secret never), each attempt with the receiver's answer (status, duration, the first
// 4 KB of its body), and the deliveries an event caused. Scoped like the endpoint: the caller's tenant and mode.
import { db } from "@/lib/db";
import { notFound } from "@/lib/core/errors";
import { unixSeconds } from "@/lib/core/ids";
import type { Scope } from "@/lib/core/scope";
import { serializeDelivery } from "./deliveries";
import { findEndpoint } from "./endpoints";
import { serializeEvent } from "./serialize";
import { USER_AGENT } from "./send";

export interface AttemptView {
  number: number;
  manual: boolean;
  ok: boolean;
  at: number;
  /** The three Standard Webhooks headers as sent; null when nothing was sent (the address was refused). */
  headers: Record<string, string> | null;
  response_status: number | null;
  duration_ms: number;
  error: string | null;
  response_body: string | null;
}

export async function deliveryDetail(scope: Scope, endpointId: string, id: string) {
  const endpoint = await findEndpoint(scope, endpointId);
  const delivery = await db.webhookDelivery.findFirst({
    where: { id, endpointId: endpoint.id },
    include: { event: true, history: { orderBy: { number: "desc" } } },
  });
  if (!delivery) throw notFound("webhook_delivery", id);
  // The same serialisation lib/webhooks/attempt signs and sends: these are the bytes the receiver got.
  const body = JSON.stringify(serializeEvent(delivery.event));
  const attempts: AttemptView[] = delivery.history.map((a) => ({
    number: a.number,
    manual: a.manual,
    ok: a.ok,
    at: unixSeconds(a.createdAt),
    headers:
      a.timestamp === null || a.signature === null
        ? null
        : { "webhook-id": delivery.eventId, "webhook-timestamp": String(a.timestamp), "webhook-signature": a.signature },
    response_status: a.responseStatus,
    duration_ms: a.durationMs,
    error: a.error,
    response_body: a.responseBody,
  }));
  return {
    delivery: serializeDelivery(delivery),
    endpoint: { id: endpoint.id, url: endpoint.url },
    request: {
      method: "POST" as const,
      url: endpoint.url,
      headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), "user-agent": USER_AGENT, "webhook-id": delivery.eventId },
      body,
    },
    attempts,
  };
}

/** The deliveries an event caused to the caller's endpoints (of its mode), newest first. */
export async function deliveriesOfEvent(scope: Scope, eventId: string) {
  const rows = await db.webhookDelivery.findMany({
    where: { eventId, tenantId: scope.tenantId, endpoint: { livemode: scope.livemode } },
    include: { endpoint: { select: { url: true } } },
    orderBy: { id: "desc" },
    take: 100,
  });
  return rows.map((d) => ({ ...serializeDelivery(d), endpoint_url: d.endpoint.url }));
}
