// The console's global search: an id of any of our kinds, an address or a transaction hash finds the record in
// the signed-in tenant and mode, and links to its page; another tenant's (or the other mode's) finds nothing.
import { afterAll, describe, expect, it } from "vitest";
import { call } from "@/test/client";
import { deployToken, eventually, tenant, ERC20_FEATURES } from "@/lib/tokens/testing";
import { db } from "@/lib/db";
import { requestLogWritten } from "@/lib/request-log/record";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";
import { queryKind, search } from "./search";

let receiver: Receiver | undefined;
afterAll(() => receiver?.close());

describe("console search", () => {
  it("finds each kind of id, an address and a hash in the tenant and mode only", async () => {
    const t = await tenant();
    const other = await tenant();
    const scope = { tenantId: t.id, livemode: false };
    receiver = await startReceiver();
    const endpoint = (await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: { url: receiver.url, events: ["token.deployed"] } })).body;
    const token = await deployToken(t, { name: "Findable", symbol: "FND", standard: "ERC20", decimals: 18, initial_supply: "0", features: ERC20_FEATURES });
    const tx = await db.transaction.findUniqueOrThrow({ where: { id: token.deploy_tx } });
    const delivery = await eventually(() => db.webhookDelivery.findFirst({ where: { endpointId: endpoint.id } }), "the token.deployed delivery");
    const request = await call("GET", "/v1/tokens", { token: t.apiKey });
    await requestLogWritten();
    const key = await db.apiKey.findFirstOrThrow({ where: { tenantId: t.id } });
    const wallet = await db.wallet.findFirstOrThrow({ where: { tenantId: t.id, livemode: false } });

    const found = async (q: string) => (await search(scope, q)).map((h) => [h.kind, h.href]);
    expect(await found(token.id)).toEqual([["Token", `/tokens/${token.id}`]]);
    expect(await found(token.id.toUpperCase())).toEqual([["Token", `/tokens/${token.id}`]]);
    expect(await found(` ${tx.id} `)).toEqual([["Transaction", `/transactions/${tx.id}`]]);
    expect(await found(tx.hash!)).toEqual([["Transaction", `/transactions/${tx.id}`]]);
    expect(await found(tx.hash!.toUpperCase().replace("0X", "0x"))).toEqual([["Transaction", `/transactions/${tx.id}`]]);
    expect(await found(token.address)).toEqual([["Token", `/tokens/${token.id}`]]);
    expect(await found(token.address.toLowerCase())).toEqual([["Token", `/tokens/${token.id}`]]);
    expect(await found(wallet.address)).toEqual([["Wallet", "/dashboard"]]);
    expect(await found(delivery.eventId)).toEqual([["Event", `/events/${delivery.eventId}`]]);
    expect(await found(delivery.id)).toEqual([["Webhook delivery", `/webhooks/${endpoint.id}/deliveries/${delivery.id}`]]);
    expect(await found(endpoint.id)).toEqual([["Webhook endpoint", `/webhooks/${endpoint.id}`]]);
    expect(await found(request.headers.get("request-id")!)).toEqual([["API request", `/logs/${request.headers.get("request-id")}`]]);
    expect(await found(key.id)).toEqual([["API key", "/keys"]]);

    // Nothing of it from another tenant, or from the live mode of the same tenant.
    const everything = [token.id, tx.id, tx.hash!, token.address, wallet.address, delivery.eventId, delivery.id, endpoint.id, request.headers.get("request-id")!, key.id];
    for (const q of everything) {
      expect(await search({ tenantId: other.id, livemode: false }, q), `another tenant searching ${q}`).toEqual([]);
      expect(await search({ tenantId: t.id, livemode: true }, q), `live mode searching ${q}`).toEqual([]);
    }
  });

  it("knows what a query looks like; anything else finds nothing", async () => {
    expect(queryKind("tok_01jd0j7x3s8w9k5q2m4n6p8r0t")).toBe("id");
    expect(queryKind("zzz_01jd0j7x3s8w9k5q2m4n6p8r0t")).toBe("other");
    expect(queryKind(`0x${"a".repeat(40)}`)).toBe("address");
    expect(queryKind(`0x${"a".repeat(64)}`)).toBe("hash");
    expect(queryKind("hello")).toBe("other");
    expect(await search({ tenantId: "ten_none", livemode: false }, "hello")).toEqual([]);
    expect(await search({ tenantId: "ten_none", livemode: false }, `0x${"a".repeat(64)}`)).toEqual([]);
  });
});
