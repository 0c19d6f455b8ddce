// GET /v1/events and /v1/events/{id}: what was emitted, per tenant and mode, in the webhook payload shape.
import { describe, expect, it } from "vitest";
import { call, newTenant } from "@/test/client";
import { emit } from "./emit";

describe("events API", () => {
  it("lists the tenant's events newest first with type and prefix filters and pagination", async () => {
    const t = await newTenant();
    const tenantId = t.auth.tenant.id;
    await emit(tenantId, "token.deployed", { id: "tok_a", livemode: false });
    await emit(tenantId, "token.minted", { id: "tx_b", livemode: false });
    await emit(tenantId, "transaction.confirmed", { id: "tx_b", livemode: false });

    const all = await call("GET", "/v1/events", { token: t.apiKey });
    expect(all.status).toBe(200);
    // Registration's auth.registered and wallet.created, the key's api_key.created, then ours.
    expect(all.body.data.map((e: any) => e.type).slice(0, 3)).toEqual(["transaction.confirmed", "token.minted", "token.deployed"]);
    expect(all.body.data.map((e: any) => e.type)).toEqual(expect.arrayContaining(["auth.registered", "api_key.created"]));
    const first = all.body.data[0];
    expect(Object.keys(first)).toEqual(["id", "object", "type", "created", "data"]);
    expect(first).toMatchObject({ object: "event", type: "transaction.confirmed", data: { object: { id: "tx_b" } } });

    const minted = await call("GET", "/v1/events?type=token.minted", { token: t.apiKey });
    expect(minted.body).toMatchObject({ total: 1, has_more: false });
    const tokens = await call("GET", "/v1/events?type=token.*", { token: t.apiKey });
    expect(tokens.body.data.map((e: any) => e.type)).toEqual(["token.minted", "token.deployed"]);

    const page1 = await call("GET", "/v1/events?limit=2", { token: t.apiKey });
    expect(page1.body.has_more).toBe(true);
    const page2 = await call("GET", `/v1/events?limit=2&starting_after=${page1.body.data[1].id}`, { token: t.apiKey });
    expect(page2.body.data[0].id).toBe(all.body.data[2].id);

    const one = await call("GET", `/v1/events/${first.id}`, { token: t.apiKey });
    expect(one.body).toEqual(first);
    expect((await call("GET", `/v1/events/${first.id}`, { token: t.accessToken })).status).toBe(200);
    expect((await call("GET", "/v1/events?type=Token", { token: t.apiKey })).status).toBe(400);
  });

  it("another tenant's events are invisible; a key sees its own mode plus events of no mode", async () => {
    const a = await newTenant();
    const b = await newTenant();
    const live = await emit(b.auth.tenant.id, "token.deployed", { id: "tok_live", livemode: true });
    const test = await emit(b.auth.tenant.id, "token.deployed", { id: "tok_test", livemode: false });
    expect((await call("GET", `/v1/events/${test.id}`, { token: a.apiKey })).status).toBe(404);
    expect((await call("GET", "/v1/events?type=token.deployed", { token: a.apiKey })).body.total).toBe(0);

    const liveKey = (await call("POST", "/v1/api_keys", { token: b.accessToken, body: { name: "live", environment: "live" } })).body.secret;
    expect((await call("GET", `/v1/events/${live.id}`, { token: b.apiKey })).status).toBe(404);
    expect((await call("GET", `/v1/events/${live.id}`, { token: liveKey })).status).toBe(200);
    const seenLive = (await call("GET", "/v1/events", { token: liveKey })).body.data.map((e: any) => e.id);
    expect(seenLive).toContain(live.id);
    expect(seenLive).not.toContain(test.id);
    expect((await call("GET", "/v1/events?type=auth.registered", { token: liveKey })).body.total).toBe(1);
  });
});
