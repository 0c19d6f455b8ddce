// "Send test event": one event of type `webhook_endpoint.test` delivered to one endpoint only, through
// the same durable delivery function as every other event (signing, retries, the deliveries log).
// The event is recorded as already dispatched, so the outbox fans it out to no other endpoint.
import { db } from "@/lib/db";
import { newId } from "@/lib/core/ids";
import { invalidRequest } from "@/lib/core/errors";
import { findEndpoint, serializeEndpoint } from "@/lib/webhooks/endpoints";
import { type Scope } from "@/lib/core/scope";
import { serializeDelivery } from "@/lib/webhooks/deliveries";
import { enqueueDeliveries } from "@/lib/webhooks/outbox";

export const TEST_EVENT_TYPE = "webhook_endpoint.test";

export async function sendTestEvent(scope: Scope, endpointId: string) {
  const endpoint = await findEndpoint(scope, endpointId);
  if (endpoint.status !== "enabled") {
    throw invalidRequest("webhook_endpoint_disabled", "The endpoint is disabled; enable it before sending a test event.", "id");
  }
  const delivery = await db.$transaction(async (tx) => {
    const event = await tx.event.create({
      data: {
        id: newId("evt"),
        tenantId: scope.tenantId,
        type: TEST_EVENT_TYPE,
        data: { object: serializeEndpoint(endpoint) },
        livemode: endpoint.livemode,
        dispatchedAt: new Date(),
      },
    });
    return tx.webhookDelivery.create({
      data: { id: newId("whd"), tenantId: scope.tenantId, endpointId: endpoint.id, eventId: event.id, eventType: event.type },
    });
  });
  await enqueueDeliveries([delivery.id]);
  return serializeDelivery(delivery);
}
