// The delivery viewer's data: the request as the receiver got it (body byte for byte, headers that verify with
// the endpoint's secret, which is itself never shown), every attempt with the receiver's answer cut at 4 KB,
// and the deliveries of an event; all of it in the endpoint's tenant and mode only.
import { afterAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { call, newTenant } from "@/test/client";
import { db } from "@/lib/db";
import { eventually } from "@/lib/tokens/testing";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";
import { emit } from "./emit";
import { deliveriesOfEvent, deliveryDetail } from "./delivery-detail";
import { KEPT_RESPONSE_BYTES } from "./send";

let receiver: Receiver | undefined;
afterAll(() => receiver?.close());

describe("delivery viewer", () => {
  it("shows the payload and headers sent and each attempt's answer, the body stored cut at 4 KB", async () => {
    const t = await newTenant();
    const scope = { tenantId: t.auth.tenant.id, livemode: false };
    const long = `${"é".repeat(3000)}tail-not-kept`; // 6 KB of UTF-8; the cut falls inside a character
    receiver = await startReceiver((_, i) => (i === 0 ? { status: 500, body: long } : { status: 202, body: '{"received":true}' }));
    const created = await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: { url: receiver.url, events: ["token.minted"] } });
    expect(created.status).toBe(201);
    const endpoint = created.body as { id: string; secret: string };
    const event = await emit(scope.tenantId, "token.minted", { object: "transaction", id: "tx_viewer", livemode: false });
    const got = await receiver.waitFor(2);
    const delivery = await eventually(async () => {
      const d = await db.webhookDelivery.findFirst({ where: { endpointId: endpoint.id } });
      return d?.status === "succeeded" && d;
    }, "the delivery to succeed", 20_000, 50);

    const detail = await deliveryDetail(scope, endpoint.id, delivery.id);
    expect(detail.request.body).toBe(got[1].body);
    expect(detail.request.headers["webhook-id"]).toBe(event.id);
    expect(JSON.stringify(detail)).not.toContain(endpoint.secret);
    expect(detail.delivery).toMatchObject({ status: "succeeded", attempts: 2, response_status: 202, response_body: '{"received":true}' });

    const [second, first] = detail.attempts;
    expect(second).toMatchObject({ number: 2, ok: true, manual: false, response_status: 202, response_body: '{"received":true}', error: null });
    expect(first).toMatchObject({ number: 1, ok: false, response_status: 500, error: "HTTP 500" });
    expect(Buffer.byteLength(first.response_body!)).toBeLessThanOrEqual(KEPT_RESPONSE_BYTES);
    expect(Buffer.byteLength(first.response_body!)).toBeGreaterThan(KEPT_RESPONSE_BYTES - 2);
    expect(long.startsWith(first.response_body!)).toBe(true);
    // Each attempt's headers are those the receiver got, and they verify against the body shown.
    for (const [attempt, received] of [[first, got[0]], [second, got[1]]] as const) {
      expect(attempt.headers).toEqual({
        "webhook-id": received.headers["webhook-id"],
        "webhook-timestamp": received.headers["webhook-timestamp"],
        "webhook-signature": received.headers["webhook-signature"],
      });
      new Webhook(endpoint.secret).verify(detail.request.body, attempt.headers!);
    }

    expect((await deliveriesOfEvent(scope, event.id)).map((d) => [d.id, d.endpoint_url])).toEqual([[delivery.id, receiver.url]]);
    // The API's delivery carries the last answer too.
    const api = await call("GET", `/v1/webhook_endpoints/${endpoint.id}/deliveries/${delivery.id}`, { token: t.apiKey });
    expect(api.body.response_body).toBe('{"received":true}');

    // Another tenant, or the other mode, sees none of it.
    const other = await newTenant();
    const foreign = { tenantId: other.auth.tenant.id, livemode: false };
    await expect(deliveryDetail(foreign, endpoint.id, delivery.id)).rejects.toMatchObject({ status: 404 });
    await expect(deliveryDetail({ ...scope, livemode: true }, endpoint.id, delivery.id)).rejects.toMatchObject({ status: 404 });
    expect(await deliveriesOfEvent(foreign, event.id)).toEqual([]);
    expect(await deliveriesOfEvent({ ...scope, livemode: true }, event.id)).toEqual([]);
  });
});
