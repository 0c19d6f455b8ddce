// Resend (an addition) and the retry policy, with a real receiver: a resent delivery carries the same
// webhook-id; a range resend sends again only what failed in it; both idempotent and tenant-scoped;
// 4xx other than 410 is retried, 410 disables the endpoint at once.
import { afterAll, describe, expect, it } from "vitest";
import { call, newTenant } from "@/test/client";
import { db } from "@/lib/db";
import { emit } from "./emit";
import { giveUp } from "./attempt";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";
import { eventually } from "@/lib/tokens/testing";

const receivers: Receiver[] = [];
const receiver = async (respond?: Parameters<typeof startReceiver>[0]) => {
  const r = await startReceiver(respond);
  receivers.push(r);
  return r;
};
afterAll(() => Promise.all(receivers.map((r) => r.close())));

async function endpointFor(apiKey: string, url: string) {
  const res = await call("POST", "/v1/webhook_endpoints", { token: apiKey, body: { url, events: ["token.minted"] } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; secret: string };
}

const settledDelivery = (endpointId: string, status: string, count = 1) =>
  eventually(async () => {
    const rows = await db.webhookDelivery.findMany({ where: { endpointId, status }, orderBy: { id: "asc" } });
    return rows.length >= count ? rows : null;
  }, `${count} ${status} deliveries`);

describe("webhook resend", () => {
  it("resends one delivery with the same webhook-id, idempotently, and 404s another tenant's ids", async () => {
    const t = await newTenant();
    const r = await receiver();
    const endpoint = await endpointFor(t.apiKey, r.url);
    await emit(t.auth.tenant.id, "token.minted", { object: "transaction", id: "tx_resend", livemode: false });
    const [first] = await r.waitFor(1);
    const [delivery] = await settledDelivery(endpoint.id, "succeeded");

    const path = `/v1/webhook_endpoints/${endpoint.id}/deliveries/${delivery.id}/resend`;
    const resent = await call("POST", path, { token: t.apiKey, body: { idempotency_key: "resend-once" } });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body).toMatchObject({ object: "webhook_delivery", id: delivery.id, status: "pending" });
    const again = await call("POST", path, { token: t.apiKey, body: { idempotency_key: "resend-once" } });
    expect(again.headers.get("idempotent-replayed")).toBe("true");

    const got = await r.waitFor(2);
    expect(got[1].headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(got[1].body).toBe(first.body);
    await settledDelivery(endpoint.id, "succeeded");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(r.received).toHaveLength(2); // the replayed request sent nothing

    const other = await newTenant();
    expect((await call("POST", path, { token: other.apiKey, body: {} })).status).toBe(404);
    expect((await call("POST", `/v1/webhook_endpoints/${endpoint.id}/resend`, { token: other.apiKey, body: { created_gte: 0, created_lt: 2e9 } })).status).toBe(404);
  });

  it("a delivery stopped while an attempt is in flight stays failed when that attempt fails", async () => {
    const t = await newTenant();
    let answer: (status: number) => void = () => {};
    const r = await receiver(() => new Promise<number>((resolve) => (answer = resolve)));
    const endpoint = await endpointFor(t.apiKey, r.url);
    await emit(t.auth.tenant.id, "token.minted", { object: "transaction", id: "tx_in_flight", livemode: false });
    await r.waitFor(1); // the attempt is on its way: the receiver holds its answer
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    await giveUp(delivery.id, "test: stopped mid-attempt");
    answer(500);
    await eventually(async () => ((await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).attempts === 1 ? true : null), "the attempt recorded");
    const after = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(after).toMatchObject({ status: "failed", nextAttemptAt: null });
  });

  it("a range resend sends again the failed deliveries created in it, not the succeeded ones", async () => {
    const t = await newTenant();
    let failing = true;
    const r = await receiver((req) => (failing && req.body.includes("tx_fail") ? 500 : 200));
    const endpoint = await endpointFor(t.apiKey, r.url);
    const from = Math.floor(Date.now() / 1000);
    await emit(t.auth.tenant.id, "token.minted", { object: "transaction", id: "tx_fail", livemode: false });
    await emit(t.auth.tenant.id, "token.minted", { object: "transaction", id: "tx_ok", livemode: false });
    await r.waitFor(1, (x) => x.body.includes("tx_fail"));
    await settledDelivery(endpoint.id, "succeeded");
    // The whole schedule takes ~100 s even scaled: end it here as exhausted retries would.
    const failed = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id, status: "pending" } });
    await giveUp(failed.id, "test: schedule cut short");
    // An automatic attempt may have been in flight when it was stopped: wait until every request the receiver got
    // is recorded on the delivery, and stays so, before the receiver starts answering 200 (else that attempt succeeds).
    const sentToFail = () => r.received.filter((x) => x.body.includes("tx_fail")).length;
    let settledSince = 0;
    await eventually(async () => {
      const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: failed.id } });
      const quiet = row.status === "failed" && row.attempts === sentToFail();
      settledSince = quiet ? settledSince || Date.now() : 0;
      return quiet && Date.now() - settledSince >= 300;
    }, "the stopped delivery's last attempt recorded");
    const failedAttempts = sentToFail();

    failing = false;
    const bad = await call("POST", `/v1/webhook_endpoints/${endpoint.id}/resend`, { token: t.apiKey, body: { created_gte: from + 100, created_lt: from } });
    expect(bad.status).toBe(400);
    const res = await call("POST", `/v1/webhook_endpoints/${endpoint.id}/resend`, { token: t.apiKey, body: { created_gte: from - 1, created_lt: from + 600 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ object: "webhook_resend", endpoint: endpoint.id, resent: 1, deliveries: [failed.id], has_more: false });
    await r.waitFor(failedAttempts + 1, (x) => x.body.includes("tx_fail"));
    await settledDelivery(endpoint.id, "succeeded", 2);
    const ids = new Set(r.received.filter((x) => x.body.includes("tx_fail")).map((x) => x.headers["webhook-id"]));
    expect(ids.size).toBe(1);
    expect(r.received.filter((x) => x.body.includes("tx_ok"))).toHaveLength(1);
  });

  it("retries a 400 and a 429, and a 410 disables the endpoint at once", async () => {
    const t = await newTenant();
    const r = await receiver((_, i) => [400, 429, 200][i] ?? 200);
    const endpoint = await endpointFor(t.apiKey, r.url);
    await emit(t.auth.tenant.id, "token.minted", { object: "transaction", id: "tx_retry", livemode: false });
    await r.waitFor(3);
    expect((await settledDelivery(endpoint.id, "succeeded"))[0].attempts).toBe(3);

    const t2 = await newTenant();
    const gone = await receiver(() => 410);
    const goneEndpoint = await endpointFor(t2.apiKey, gone.url);
    await emit(t2.auth.tenant.id, "token.minted", { object: "transaction", id: "tx_gone", livemode: false });
    const [delivery] = await settledDelivery(goneEndpoint.id, "failed");
    expect(delivery.attempts).toBe(1);
    const read = await call("GET", `/v1/webhook_endpoints/${goneEndpoint.id}`, { token: t2.apiKey });
    expect(read.body).toMatchObject({ status: "disabled", disabled_reason: "gone" });
    const resend = await call("POST", `/v1/webhook_endpoints/${goneEndpoint.id}/deliveries/${delivery.id}/resend`, { token: t2.apiKey, body: {} });
    expect(resend.status).toBe(400);
  });
});
