// CORS on /v1/connect/** from the tenant's allowed origins (GET/PUT /v1/settings/cors), through the real
// request wrapper: preflights, actual requests per tenant and mode, requests without Origin, other paths,
// and the Next.js proxy that hands preflights to the wrapper.
import { describe, expect, it } from "vitest";
import { call, newTenant } from "@/test/client";
import { proxy } from "@/proxy";
import { CHAIN_ID, newAccount } from "@/lib/connect/testing/oauth";

const DAPP = `https://dapp-${Date.now()}.example.com`;
const EVIL = "https://evil.example.com";

const preflight = (path: string, origin: string) =>
  call("OPTIONS", path, { headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": "authorization, content-type" } });

describe("CORS on Connect routes", () => {
  it("preflight and actual requests from an allowed origin pass; any other origin is refused with 403", async () => {
    const t = await newTenant("Cors");
    expect((await call("PUT", "/v1/settings/cors", { token: t.apiKey, body: { allowed_origins: [DAPP, "http://localhost:3000"] } })).status).toBe(200);
    const { address } = await newAccount(t.apiKey);
    const path = `/v1/connect/accounts/${address}/oauth?chain_id=${CHAIN_ID}`;

    const ok = await preflight(path, DAPP);
    expect(ok.status).toBe(204);
    expect(ok.body).toBeNull();
    expect(ok.headers.get("access-control-allow-origin")).toBe(DAPP);
    expect(ok.headers.get("access-control-allow-methods")).toContain("GET");
    expect(ok.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
    expect(ok.headers.get("access-control-allow-headers")).toMatch(/Content-Type/);
    expect(ok.headers.get("access-control-max-age")).toBe("600");
    expect(ok.headers.get("vary")).toBe("Origin");

    const refused = await preflight(path, EVIL);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ type: "permission_error", code: "origin_not_allowed", status: 403 });
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();

    const actual = await call("GET", path, { token: t.apiKey, headers: { origin: DAPP } });
    expect(actual.status).toBe(200);
    expect(actual.headers.get("access-control-allow-origin")).toBe(DAPP);
    expect(actual.headers.get("access-control-expose-headers")).toContain("Request-Id");
    expect(actual.headers.get("vary")).toBe("Origin");
    // Errors to an allowed origin are readable too.
    const missing = await call("GET", `/v1/connect/accounts/0x${"1".repeat(40)}/oauth?chain_id=${CHAIN_ID}`, { token: t.apiKey, headers: { origin: "http://localhost:3000" } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");

    const evil = await call("GET", path, { token: t.apiKey, headers: { origin: EVIL } });
    expect(evil.status).toBe(403);
    expect(evil.body.error.code).toBe("origin_not_allowed");
    expect(evil.headers.get("access-control-allow-origin")).toBeNull();
    // Writes from a refused origin never reach the handler.
    const write = await call("DELETE", `/v1/connect/accounts/${address}/oauth/google?chain_id=${CHAIN_ID}`, { token: t.apiKey, headers: { origin: EVIL } });
    expect(write.status).toBe(403);

    // Server to server (no Origin): no CORS at all.
    const server = await call("GET", path, { token: t.apiKey });
    expect(server.status).toBe(200);
    expect(server.headers.get("access-control-allow-origin")).toBeNull();
    // Routes outside /v1/connect are not browser routes: untouched.
    const settings = await call("GET", "/v1/settings/cors", { token: t.apiKey, headers: { origin: EVIL } });
    expect(settings.status).toBe(200);
    expect(settings.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("the actual request is held to the caller's own tenant and mode", async () => {
    const a = await newTenant("CorsA");
    const b = await newTenant("CorsB");
    const origin = `https://only-a-${Date.now()}.example.com`;
    await call("PUT", "/v1/settings/cors", { token: a.apiKey, body: { allowed_origins: [origin] } });
    const { address } = await newAccount(b.apiKey);
    const path = `/v1/connect/accounts/${address}/oauth?chain_id=${CHAIN_ID}`;
    // The preflight knows no tenant: an origin some tenant allows may send...
    expect((await preflight(path, origin)).status).toBe(204);
    // ...but B never allowed it, so B's answer is refused.
    const res = await call("GET", path, { token: b.apiKey, headers: { origin } });
    expect(res.status).toBe(403);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    // A's live key: live settings have no origins yet.
    const live = await call("POST", "/v1/api_keys", { token: a.accessToken, body: { name: "live", environment: "live" } });
    const liveRes = await call("GET", `/v1/connect/accounts?chain_id=${CHAIN_ID}`, { token: live.body.secret, headers: { origin } });
    expect(liveRes.status).toBe(403);
    // Removing the origin closes the preflight too.
    await call("PUT", "/v1/settings/cors", { token: a.apiKey, body: { allowed_origins: [] } });
    expect((await preflight(path, origin)).status).toBe(403);
  });

  it("under Next.js, the proxy hands /v1/connect preflights to the wrapper and lets other requests through", async () => {
    const t = await newTenant("CorsProxy");
    const origin = `https://proxy-${Date.now()}.example.com`;
    await call("PUT", "/v1/settings/cors", { token: t.apiKey, body: { allowed_origins: [origin] } });
    const res = await proxy(new Request("http://localhost/v1/connect/accounts", { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST" } }));
    expect(res?.status).toBe(204);
    expect(res?.headers.get("access-control-allow-origin")).toBe(origin);
    const refused = await proxy(new Request("http://localhost/v1/connect/accounts", { method: "OPTIONS", headers: { origin: EVIL, "access-control-request-method": "POST" } }));
    expect(refused?.status).toBe(403);
    expect(await proxy(new Request("http://localhost/v1/connect/accounts", { headers: { origin } }))).toBeUndefined();
  });
});
