// Attack prevented: server-side request forgery through webhooks. An endpoint URL that is (or resolves
// to) an internal address would make the platform POST into its own network: cloud metadata, databases,
// admin ports. Every delivery checks the address it connects to; loopback only with WEBHOOK_ALLOW_LOOPBACK=1.
import type { LookupAddress } from "node:dns";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { call, newTenant } from "@/test/client";
import { classifyAddress, guardedLookup } from "./addresses";
import { sendWebhook } from "./send";
import { startReceiver, type Receiver } from "@/lib/webhooks/testing/receiver";

const receivers: Receiver[] = [];
const receiver = async () => {
  const r = await startReceiver();
  receivers.push(r);
  return r;
};
afterAll(() => Promise.all(receivers.map((r) => r.close())));
afterEach(() => {
  process.env.WEBHOOK_ALLOW_LOOPBACK = "1"; // test/env.ts
});

/** A dns.lookup stand-in: there is no DNS offline, and the point is what a name resolves to. */
const resolvingTo = (table: Record<string, string>) =>
  ((hostname: string, _options: unknown, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => {
    const address = table[hostname];
    if (!address) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), []);
    callback(null, [{ address, family: address.includes(":") ? 6 : 4 }]);
  }) as Parameters<typeof guardedLookup>[0];

const send = (url: string, resolve?: Parameters<typeof guardedLookup>[0]) => sendWebhook(url, ["whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ="], "msg_ssrf", '{"x":1}', resolve);
const portOf = (r: Receiver) => new URL(r.url).port;

describe("webhook address checks", () => {
  it("classifies every spelling of internal addresses", () => {
    const loopback = ["127.0.0.1", "127.1", "0x7f.1", "0177.0.0.1", "2130706433", "::1", "[::1]", "::ffff:127.0.0.1", "[::ffff:7f00:1]", "64:ff9b::7f00:1", "2002:7f00:1::1"];
    const internal = [
      "10.0.0.1", "172.16.5.4", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "0", "::", "255.255.255.255",
      "224.0.0.1", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:10.0.0.1", "::ffff:a9fe:a9fe", "64:ff9b::a00:1", "012.0.0.1",
      "0xa.0.0.1", "167772161", "2002:a00:1::", "not-an-address",
    ];
    for (const a of loopback) expect(classifyAddress(a), a).toBe("loopback");
    for (const a of internal) expect(classifyAddress(a), a).toBe("private");
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"]) expect(classifyAddress(a), a).toBe("public");
  });

  it("refuses a name that resolves to a private address, at lookup", async () => {
    const lookup = guardedLookup(resolvingTo({ "hooks.example": "10.0.0.1", "meta.example": "::ffff:169.254.169.254", "ok.example": "93.184.216.34" }));
    const resolved = (name: string, all: boolean) =>
      new Promise<unknown>((resolve) => lookup(name, { all } as never, (err, address, family) => resolve(err ? err.message : all ? address : { address, family })));
    expect(await resolved("hooks.example", false)).toMatch(/^refused: resolves to a private address/);
    expect(await resolved("meta.example", true)).toMatch(/^refused: resolves to a private address/);
    expect(await resolved("ok.example", false)).toEqual({ address: "93.184.216.34", family: 4 });
    expect(await resolved("ok.example", true)).toEqual([{ address: "93.184.216.34", family: 4 }]);
  });

  it("refuses at send time, and the receiver gets nothing: mapped IPv6 literals, a name resolving to 10.0.0.1, loopback without the opt-in", async () => {
    const r = await receiver();
    const port = portOf(r);
    process.env.WEBHOOK_ALLOW_LOOPBACK = "0"; // as in production by default, whatever the key's mode
    for (const url of [`https://[::ffff:7f00:1]:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`, `http://127.0.0.1:${port}/`, `http://0x7f.1:${port}/`, `http://localhost.test:${port}/`]) {
      const outcome = await send(url, resolvingTo({ "localhost.test": "127.0.0.1" }));
      expect(outcome, url).toMatchObject({ ok: false, status: null });
      expect(outcome.error, url).toMatch(/^refused: resolves to a loopback address/);
    }
    const internal = await send(`http://hooks.example:${port}/`, resolvingTo({ "hooks.example": "10.0.0.1" }));
    expect(internal).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/^refused: resolves to a private address/) });
    process.env.WEBHOOK_ALLOW_LOOPBACK = "1";
    expect((await send(`http://hooks.example:${port}/`, resolvingTo({ "hooks.example": "10.0.0.1" }))).error).toMatch(/private address/); // never allowed
    expect(r.received).toHaveLength(0);

    // With the opt-in, a loopback receiver is reached, also by a name that resolves to it (the lookup is the connection's).
    expect(await send(`http://receiver.test:${port}/`, resolvingTo({ "receiver.test": "127.0.0.1" }))).toMatchObject({ ok: true, status: 200 });
    expect(r.received).toHaveLength(1);
  });

  it("a manual retry goes through the same check", async () => {
    const t = await newTenant();
    const r = await receiver();
    const endpoint = await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, body: { url: r.url, events: ["api_key.created"] } });
    expect(endpoint.status).toBe(201);
    await call("POST", "/v1/api_keys", { token: t.accessToken, body: { name: "second", environment: "test" } });
    await r.waitFor(1);
    const list = await call("GET", `/v1/webhook_endpoints/${endpoint.body.id}/deliveries`, { token: t.apiKey });
    const delivery = list.body.data[0];
    process.env.WEBHOOK_ALLOW_LOOPBACK = "0";
    const retried = await call("POST", `/v1/webhook_endpoints/${endpoint.body.id}/deliveries/${delivery.id}/retry`, { token: t.apiKey });
    expect(retried.status).toBe(200);
    expect(JSON.stringify(retried.body)).toMatch(/refused: resolves to a loopback address/);
    expect(r.received).toHaveLength(1);
  });

  it("refuses internal addresses when an endpoint is created or updated", async () => {
    const t = await newTenant();
    const live = (await call("POST", "/v1/api_keys", { token: t.accessToken, body: { name: "live", environment: "live" } })).body.secret;
    const create = (token: string, url: string) => call("POST", "/v1/webhook_endpoints", { token, body: { url, events: ["*"] } });
    for (const url of ["https://[::ffff:7f00:1]/", "https://[::ffff:127.0.0.1]/h", "https://2130706433/", "https://0177.0.0.1/", "https://[::ffff:a9fe:a9fe]/"]) {
      expect((await create(live, url)).body.error, url).toMatchObject({ code: "url_invalid", param: "url" });
    }
    for (const url of ["https://10.0.0.5/h", "https://169.254.169.254/latest", "https://[fd00::1]/", "http://0.0.0.0:4000/"]) {
      expect((await create(t.apiKey, url)).body.error, url).toMatchObject({ code: "url_invalid", param: "url" });
    }
    expect((await create(t.apiKey, "http://[::ffff:127.0.0.1]:4000/h")).status).toBe(201); // test mode, loopback opted in
    process.env.WEBHOOK_ALLOW_LOOPBACK = "0";
    expect((await create(t.apiKey, "http://127.0.0.1:4000/h")).body.error).toMatchObject({ code: "url_invalid", param: "url" });
  });
});
