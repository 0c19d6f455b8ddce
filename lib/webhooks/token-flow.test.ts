// The acceptance flow: deploying and minting a token (real local chain, transaction processor, executor)
// delivers exactly token.deployed, token.minted and the transactions' transaction.confirmed to an endpoint
// subscribed to them, and nothing else; an endpoint subscribed to token.minted only gets just that.
import { afterAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { call, newTenant } from "@/test/client";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";

const receivers: Receiver[] = [];
afterAll(() => Promise.all(receivers.map((r) => r.close())));

async function settled(apiKey: string, path: string, done: (body: any) => boolean, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const res = await call("GET", path, { token: apiKey });
    if (done(res.body)) return res.body;
    if (Date.now() - started > timeoutMs) throw new Error(`${path} not final: ${JSON.stringify(res.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("token flow webhooks", () => {
  it("deploy + mint deliver token.deployed, token.minted, transaction.confirmed and nothing else", async () => {
    const t = await newTenant("Hooks");
    const all = await startReceiver();
    const mintedOnly = await startReceiver();
    receivers.push(all, mintedOnly);
    const endpoint = (await call("POST", "/v1/webhook_endpoints", {
      token: t.apiKey,
      body: { url: all.url, events: ["token.deployed", "token.minted", "transaction.confirmed"] },
    })).body;
    const narrow = (await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: { url: mintedOnly.url, events: ["token.minted"] } })).body;

    const created = await call("POST", "/v1/tokens", {
      token: t.apiKey,
      body: { name: "Hook Coin", symbol: "HOOK", standard: "ERC20", network: "polygon_amoy", initial_supply: "0", decimals: 18, features: { mintable: true, burnable: false, pausable: false } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const token = await settled(t.apiKey, `/v1/tokens/${created.body.id}`, (b) => b.status !== "deploying");
    expect(token.status).toBe("deployed");
    const mint = await call("POST", `/v1/tokens/${token.id}/mint`, { token: t.apiKey, body: { to: "0x00000000000000000000000000000000000000b2", amount: "1000" } });
    expect(mint.status, JSON.stringify(mint.body)).toBe(201);
    await settled(t.apiKey, `/v1/transactions/${mint.body.id}`, (b) => b.status === "confirmed" || b.status === "failed");

    const got = await all.waitFor(4, undefined, 30_000);
    await mintedOnly.waitFor(1, undefined, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // anything else would have arrived by now
    const payloads = all.received.map((r) => new Webhook(endpoint.secret).verify(r.body, r.headers as Record<string, string>) as any);
    expect(payloads.map((p) => p.type).sort()).toEqual(["token.deployed", "token.minted", "transaction.confirmed", "transaction.confirmed"]);
    expect(got).toHaveLength(4);
    expect(payloads.find((p) => p.type === "token.deployed").data.object).toMatchObject({ object: "token", id: token.id, status: "deployed" });
    expect(payloads.find((p) => p.type === "token.minted").data.object).toMatchObject({ token: token.id, transaction: mint.body.id, amount: "1000" });
    expect(payloads.filter((p) => p.type === "transaction.confirmed").map((p) => p.data.object.id).sort()).toEqual([created.body.deploy_tx, mint.body.id].sort());

    expect(mintedOnly.received).toHaveLength(1);
    expect((new Webhook(narrow.secret).verify(mintedOnly.received[0].body, mintedOnly.received[0].headers as Record<string, string>) as any).type).toBe("token.minted");

    for (const p of payloads) expect((await call("GET", `/v1/events/${p.id}`, { token: t.apiKey })).body).toEqual(p);
    const deliveries = await call("GET", `/v1/webhook_endpoints/${endpoint.id}/deliveries`, { token: t.apiKey });
    expect(deliveries.body.total).toBe(4);
    expect(deliveries.body.data.every((d: any) => d.status === "succeeded" && d.attempts === 1)).toBe(true);
  });
});
