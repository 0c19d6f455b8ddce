// Deliveries end to end: events emitted by API operations reach a real local receiver through the outbox
// and the webhook-deliver function (run by the test setup's executor), signed per Standard Webhooks.
// The retry delays are scaled by WEBHOOK_RETRY_SCALE (test/env.ts), so the schedule runs in milliseconds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { call, newTenant } from "@/test/client";
import { db } from "@/lib/db";
import { emit } from "./emit";
import { dispatchEvents, sweepUnenqueued } from "./outbox";
import { giveUp } from "./attempt";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";
import { eventually } from "@/lib/tokens/testing";

let receivers: Receiver[] = [];
const receiver = async (respond?: Parameters<typeof startReceiver>[0]) => {
  const r = await startReceiver(respond);
  receivers.push(r);
  return r;
};
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});

beforeAll(() => {
  if (!(Number(process.env.WEBHOOK_RETRY_SCALE) < 0.01)) throw new Error("set WEBHOOK_RETRY_SCALE=0.001 (test/env.ts) so retries run in milliseconds");
});

async function endpointFor(apiKey: string, url: string, events: string[]) {
  const res = await call("POST", "/v1/webhook_endpoints", { token: apiKey, body: { url, events } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; secret: string };
}

const deliveries = (apiKey: string, endpointId: string, query = "") =>
  call("GET", `/v1/webhook_endpoints/${endpointId}/deliveries${query}`, { token: apiKey });

describe("webhook deliveries", () => {
  it("delivers subscribed events signed so the official verifier accepts them, and nothing else", async () => {
    const t = await newTenant();
    const r = await receiver();
    const endpoint = await endpointFor(t.apiKey, r.url, ["api_key.created"]);
    const key = await call("POST", "/v1/api_keys", { token: t.accessToken, body: { name: "second", environment: "test" } });
    await call("DELETE", `/v1/api_keys/${key.body.id}`, { token: t.accessToken }); // api_key.revoked: not subscribed

    const [got] = await r.waitFor(1);
    const headers = got.headers as Record<string, string>;
    const payload = new Webhook(endpoint.secret).verify(got.body, headers) as any;
    expect(payload).toMatchObject({ object: "event", type: "api_key.created", data: { object: { object: "api_key", id: key.body.id } } });
    expect(payload.id).toMatch(/^evt_/);
    expect(headers["webhook-id"]).toBe(payload.id);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(() => new Webhook(endpoint.secret).verify(got.body.replace(key.body.id, "key_forged"), headers)).toThrow();
    expect(payload.data.object.secret).toBeUndefined();

    // The same event is readable from the events API, byte for byte the payload.
    const event = await call("GET", `/v1/events/${payload.id}`, { token: t.apiKey });
    expect(event.body).toEqual(payload);

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(r.received).toHaveLength(1);
    const list = await deliveries(t.apiKey, endpoint.id);
    expect(list.body.total).toBe(1);
    expect(list.body.data[0]).toMatchObject({
      object: "webhook_delivery", endpoint: endpoint.id, event: payload.id, event_type: "api_key.created",
      status: "succeeded", attempts: 1, response_status: 200, last_error: null, next_attempt: null,
    });
    expect(list.body.data[0].duration_ms).toBeGreaterThanOrEqual(0);
  });

  it("a receiver failing 3 times gets the event on attempt 4 with the same webhook-id", async () => {
    const t = await newTenant();
    const r = await receiver((_, i) => (i < 3 ? 500 : 200));
    const endpoint = await endpointFor(t.apiKey, r.url, ["token.minted"]);
    await emit(t.auth.tenant.id, "token.minted", { object: "transaction", id: "tx_test", livemode: false });

    const got = await r.waitFor(4);
    expect(new Set(got.map((g) => g.headers["webhook-id"])).size).toBe(1);
    for (const g of got) new Webhook(endpoint.secret).verify(g.body, g.headers as Record<string, string>);
    const delivery = await eventually(async () => {
      const d = (await deliveries(t.apiKey, endpoint.id)).body.data[0];
      return d?.status === "succeeded" && d;
    }, "the delivery", 20_000, 50);
    expect(delivery).toMatchObject({ attempts: 4, status: "succeeded", response_status: 200, next_attempt: null });
    expect((await deliveries(t.apiKey, endpoint.id, "?status=succeeded")).body.total).toBe(1);
    expect((await deliveries(t.apiKey, endpoint.id, "?status=failed")).body.total).toBe(0);
    expect((await deliveries(t.apiKey, endpoint.id, "?status=pending")).body).toMatchObject({ total: 0, data: [], has_more: false });
    expect(r.received).toHaveLength(4);
  });

  it("records a failing attempt with its status and schedules the next one", async () => {
    const t = await newTenant();
    const r = await receiver(() => 503);
    const endpoint = await endpointFor(t.apiKey, r.url, ["token.burned"]);
    await emit(t.auth.tenant.id, "token.burned", { id: "tx_x", livemode: false });
    await r.waitFor(3); // attempts 1, 2 (at once) and 3 (after 5 s scaled)
    // The receiver sees the third request before its attempt is recorded: wait for the record.
    const d = await eventually(async () => {
      const latest = (await deliveries(t.apiKey, endpoint.id)).body.data[0];
      return latest?.attempts >= 3 && latest;
    }, "the delivery", 20_000, 50);
    expect(d).toMatchObject({ status: "pending", response_status: 503, last_error: "HTTP 503" });
    await call("DELETE", `/v1/webhook_endpoints/${endpoint.id}`, { token: t.apiKey }); // ends the schedule
  });

  it("during a rotation both secrets sign; test events skip live endpoints", async () => {
    const t = await newTenant();
    const r = await receiver();
    const endpoint = await endpointFor(t.apiKey, r.url, ["token.paused"]);
    const rotated = await call("POST", `/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, { token: t.apiKey });
    await emit(t.auth.tenant.id, "token.paused", { id: "tok_1", livemode: true }); // live: not for a test endpoint
    await emit(t.auth.tenant.id, "token.paused", { id: "tok_2", livemode: false });
    const [got] = await r.waitFor(1);
    const headers = got.headers as Record<string, string>;
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    new Webhook(endpoint.secret).verify(got.body, headers);
    expect((new Webhook(rotated.body.secret).verify(got.body, headers) as any).data.object.id).toBe("tok_2");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(r.received).toHaveLength(1);
  });

  it("an endpoint failing for 5 days is disabled; a manual retry after re-enabling delivers", async () => {
    const t = await newTenant();
    let healthy = false;
    const r = await receiver(() => (healthy ? 200 : 500));
    const endpoint = await endpointFor(t.apiKey, r.url, ["token.frozen", "token.unfrozen"]);
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { failingSince: new Date(Date.now() - 5 * 24 * 3600 * 1000 - 1000) } });
    await emit(t.auth.tenant.id, "token.frozen", { id: "tok_1", livemode: false });
    await r.waitFor(1);
    const disabled = await eventually(async () => {
      const e = (await call("GET", `/v1/webhook_endpoints/${endpoint.id}`, { token: t.apiKey })).body;
      return e.status === "disabled" && e;
    }, "the endpoint disabled", 20_000, 50);
    expect(disabled.disabled_reason).toBe("failing");
    const failed = await eventually(async () => {
      const d = (await deliveries(t.apiKey, endpoint.id)).body.data[0];
      return d?.status === "failed" && d;
    }, "the delivery", 20_000, 50);
    expect(failed).toMatchObject({ attempts: 1, next_attempt: null, response_status: 500 });

    // Disabled: no new deliveries, and no manual retry.
    await emit(t.auth.tenant.id, "token.unfrozen", { id: "tok_1", livemode: false });
    await dispatchEvents();
    expect((await deliveries(t.apiKey, endpoint.id)).body.total).toBe(1);
    const refused = await call("POST", `/v1/webhook_endpoints/${endpoint.id}/deliveries/${failed.id}/retry`, { token: t.apiKey });
    expect(refused.status).toBe(400);

    await call("POST", `/v1/webhook_endpoints/${endpoint.id}`, { token: t.apiKey, body: { disabled: false } });
    healthy = true;
    const retried = await call("POST", `/v1/webhook_endpoints/${endpoint.id}/deliveries/${failed.id}/retry`, { token: t.apiKey });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: failed.id, status: "succeeded", attempts: 2, response_status: 200 });
    expect(r.received).toHaveLength(2);
    expect(r.received[1].headers["webhook-id"]).toBe(r.received[0].headers["webhook-id"]);
    const one = await call("GET", `/v1/webhook_endpoints/${endpoint.id}/deliveries/${failed.id}`, { token: t.apiKey });
    expect(one.body).toMatchObject({ id: failed.id, status: "succeeded" });
    expect((await call("GET", `/v1/webhook_endpoints/${endpoint.id}/deliveries/whd_nope`, { token: t.apiKey })).status).toBe(404);
  });

  it("an endpoint gets only events that happened after it was created", async () => {
    const t = await newTenant();
    const r = await receiver();
    const before = await emit(t.auth.tenant.id, "token.transferred", { id: "before", livemode: false });
    const endpoint = await endpointFor(t.apiKey, r.url, ["token.transferred"]);
    await dispatchEvents();
    const after = await emit(t.auth.tenant.id, "token.transferred", { id: "after", livemode: false });
    const [got] = await r.waitFor(1);
    expect(got.headers["webhook-id"]).toBe(after.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(r.received.map((x) => x.headers["webhook-id"])).not.toContain(before.id);
    expect((await deliveries(t.apiKey, endpoint.id)).body.total).toBe(1);
  });

  it("a delivery whose function fails on our side ends failed with the reason", async () => {
    const t = await newTenant();
    const endpoint = await endpointFor(t.apiKey, "https://example.com/h", ["token.recovered"]);
    const event = await db.event.create({
      data: { id: "evt_giveup_" + Date.now(), tenantId: t.auth.tenant.id, type: "token.recovered", data: { object: {} }, dispatchedAt: new Date() },
    });
    const delivery = await db.webhookDelivery.create({
      data: { id: "whd_giveup_" + Date.now(), tenantId: t.auth.tenant.id, endpointId: endpoint.id, eventId: event.id, eventType: event.type, enqueuedAt: new Date() },
    });
    await giveUp(delivery.id, "ENCRYPTION_KEY changed");
    const d = (await deliveries(t.apiKey, endpoint.id)).body.data[0];
    expect(d).toMatchObject({ status: "failed", next_attempt: null, last_error: "Delivery stopped by an internal error: ENCRYPTION_KEY changed" });
  });

  it("an event rolled back with its transaction is never sent; a lost delivery start is re-sent", async () => {
    const t = await newTenant();
    const r = await receiver();
    const endpoint = await endpointFor(t.apiKey, r.url, ["token.approved"]);
    await expect(
      db.$transaction(async (tx) => {
        await emit(t.auth.tenant.id, "token.approved", { id: "rolled_back", livemode: false }, tx);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await db.$transaction(async (tx) => {
      await emit(t.auth.tenant.id, "token.approved", { id: "committed", livemode: false }, tx);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the outbox looks before this commits
    });
    const [got] = await r.waitFor(1);
    expect(JSON.parse(got.body).data.object.id).toBe("committed");

    // A crash between fan-out and the Inngest send leaves a delivery with enqueued_at null: the sweep
    // sends it, and sending it again starts nothing new (the Inngest event id is the delivery id).
    const event = await db.event.create({
      data: { id: "evt_lost_" + Date.now(), tenantId: t.auth.tenant.id, type: "token.approved", data: { object: { id: "lost" } }, dispatchedAt: new Date() },
    });
    await db.webhookDelivery.create({
      data: { id: "whd_lost_" + Date.now(), tenantId: t.auth.tenant.id, endpointId: endpoint.id, eventId: event.id, eventType: event.type, createdAt: new Date(Date.now() - 60_000) },
    });
    expect(await sweepUnenqueued()).toBeGreaterThanOrEqual(1);
    const [lost] = await r.waitFor(1, (x) => x.headers["webhook-id"] === event.id);
    expect(JSON.parse(lost.body).data.object.id).toBe("lost");
    await db.webhookDelivery.updateMany({ where: { eventId: event.id }, data: { enqueuedAt: null } });
    await sweepUnenqueued(0);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(r.received).toHaveLength(2);
    expect((await deliveries(t.apiKey, endpoint.id)).body.total).toBe(2);
  });
});
