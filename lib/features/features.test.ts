// Tenant feature flags through the HTTP API: the list with descriptions, states and config schemas; POST and
// the legacy PUT with per-flag config validation that changes nothing when refused; per tenant and per mode;
// and the flags gating real behaviour (connect mode, paymaster registration) with 403 feature_disabled.
import { beforeAll, describe, expect, it } from "vitest";
import { generatePrivateKey } from "viem/accounts";
import { call, newTenant } from "@/test/client";

type T = Awaited<ReturnType<typeof newTenant>>;
const features = async (key: string) => {
  const res = await call("GET", "/v1/tenant-features", { token: key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.fromEntries(res.body.data.map((f: any) => [f.feature, f]));
};
const set = (key: string, feature: string, body: unknown, method = "POST") => call(method, `/v1/tenant-features/${feature}`, { token: key, body });

describe("tenant features", () => {
  let a: T;
  let b: T;
  let aLive: string;

  beforeAll(async () => {
    [a, b] = await Promise.all([newTenant("Flags A"), newTenant("Flags B")]);
    const live = await call("POST", "/v1/api_keys", { token: a.accessToken, body: { name: "live", environment: "live" } });
    expect(live.status).toBe(201);
    aLive = live.body.secret;
  });

  it("lists every flag with its description, default state, config and config schema", async () => {
    const list = await features(a.apiKey);
    expect(Object.keys(list).sort()).toEqual(["confidential_decrypt", "connect_mode", "paymasters"]);
    expect(list.connect_mode).toMatchObject({ object: "tenant_feature", enabled: true, default_enabled: true, config: {}, livemode: false, updated: null });
    expect(list.paymasters).toMatchObject({ enabled: true, default_enabled: true });
    expect(list.confidential_decrypt).toMatchObject({ enabled: false, default_enabled: false, config: { request_ttl_seconds: 86400 } });
    expect(list.confidential_decrypt.description).toMatch(/decrypt/i);
    // the spec's partial update of Connect settings is PUT (POST's purpose is not documented); the README says PUT too
    expect(list.connect_mode.description).toContain("PUT /v1/settings/connect");
    expect(list.confidential_decrypt.config_schema).toMatchObject({
      type: "object",
      properties: { gateway_signer: { type: "string" }, request_ttl_seconds: { type: "integer", minimum: 60 } },
      additionalProperties: false,
    });
  });

  it("a config the flag's schema refuses answers 400 naming the field and changes nothing", async () => {
    const bad = await set(a.apiKey, "confidential_decrypt", { enabled: true, config: { gateway_signer: "not an address" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "parameter_invalid", param: "config.gateway_signer" });
    const unknown = await set(a.apiKey, "confidential_decrypt", { enabled: true, config: { gateway: "x" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: "parameter_unknown", param: "config.gateway" });
    const range = await set(a.apiKey, "confidential_decrypt", { enabled: true, config: { request_ttl_seconds: 5 } });
    expect(range.body.error).toMatchObject({ code: "parameter_invalid", param: "config.request_ttl_seconds" });
    const noConfig = await set(a.apiKey, "connect_mode", { enabled: false, config: { anything: 1 } });
    expect(noConfig.body.error).toMatchObject({ code: "parameter_unknown", param: "config.anything" });
    const missing = await set(a.apiKey, "connect_mode", { config: {} });
    expect(missing.body.error).toMatchObject({ code: "parameter_missing", param: "enabled" });
    const list = await features(a.apiKey);
    expect(list.confidential_decrypt).toMatchObject({ enabled: false, updated: null });
    expect(list.connect_mode).toMatchObject({ enabled: true, updated: null });
  });

  it("an unknown flag answers 404", async () => {
    const res = await set(a.apiKey, "time_travel", { enabled: true });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: "resource_missing", param: "feature" });
    expect(res.body.error.message).toContain("time_travel");
  });

  it("POST sets a flag and its config for this tenant and mode only; the legacy PUT does the same", async () => {
    const signer = "0x00000000000000000000000000000000000fEa01";
    const on = await set(a.apiKey, "confidential_decrypt", { enabled: true, config: { gateway_signer: signer, request_ttl_seconds: 600 } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toMatchObject({ feature: "confidential_decrypt", enabled: true, config: { gateway_signer: signer, request_ttl_seconds: 600 }, livemode: false });
    expect(on.body.updated).toEqual(expect.any(Number));
    // Without config, the stored one stays.
    const off = await set(a.apiKey, "confidential_decrypt", { enabled: false });
    expect(off.body).toMatchObject({ enabled: false, config: { gateway_signer: signer, request_ttl_seconds: 600 } });
    const legacy = await set(a.apiKey, "confidential_decrypt", { enabled: true, config: {} }, "PUT");
    expect(legacy.status).toBe(200);
    expect(legacy.headers.get("deprecation")).toBe("true");
    expect(legacy.body).toMatchObject({ enabled: true, config: { request_ttl_seconds: 86400 } });
    expect(legacy.body.config.gateway_signer).toBeUndefined();
    expect((await features(a.apiKey)).confidential_decrypt.enabled).toBe(true);
    // The live key and another tenant still have the default.
    expect((await features(aLive)).confidential_decrypt).toMatchObject({ enabled: false, livemode: true, updated: null });
    expect((await features(b.apiKey)).confidential_decrypt).toMatchObject({ enabled: false, updated: null });
  });

  it("connect_mode gates the switch to connect mode (403 feature_disabled naming the flag); custodial stays reachable", async () => {
    const t = await newTenant("Flags connect");
    const switchTo = (mode: string) => call("POST", "/v1/settings/connect", { token: t.apiKey, body: { wallet_mode: mode } });
    // Enabled (the default): the switch goes on to its own checks (the owner must be named).
    const enabled = await switchTo("connect");
    expect(enabled.body.error).toMatchObject({ code: "parameter_missing", param: "owner_signer" });
    expect((await set(t.apiKey, "connect_mode", { enabled: false })).status).toBe(200);
    const refused = await switchTo("connect");
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ type: "permission_error", code: "feature_disabled" });
    expect(refused.body.error.message).toContain("connect_mode");
    expect((await call("PUT", "/v1/settings/connect", { token: t.apiKey, body: { wallet_mode: "connect" } })).status).toBe(403);
    expect((await switchTo("custodial")).status).toBe(201);
    expect((await call("GET", "/v1/settings/wallet-mode", { token: t.apiKey })).body.mode).toBe("custodial");
    // Other tenants keep connect mode.
    expect((await call("POST", "/v1/settings/connect", { token: b.apiKey, body: { wallet_mode: "connect" } })).body.error.code).toBe("parameter_missing");
    expect((await set(t.apiKey, "connect_mode", { enabled: true })).status).toBe(200);
    expect((await switchTo("connect")).body.error.code).toBe("parameter_missing");
  });

  it("paymasters gates paymaster registration before any key or chain work", async () => {
    const t = await newTenant("Flags paymasters");
    const body = { address: "0x00000000000000000000000000000000000fEa02", chain_id: "80002", signer_private_key: generatePrivateKey() };
    const enabled = await call("POST", "/v1/connect/paymasters", { token: t.apiKey, body });
    expect(enabled.status).not.toBe(403);
    expect(enabled.status).toBeLessThan(500);
    expect((await set(t.apiKey, "paymasters", { enabled: false })).status).toBe(200);
    const refused = await call("POST", "/v1/connect/paymasters", { token: t.apiKey, body });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ type: "permission_error", code: "feature_disabled" });
    expect(refused.body.error.message).toContain("paymasters");
    expect((await call("GET", "/v1/connect/paymasters", { token: t.apiKey })).body.data).toEqual([]);
  });

  it("setting the same flag at once from many requests leaves one row with the last state", async () => {
    const t = await newTenant("Flags race");
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => set(t.apiKey, "paymasters", { enabled: i % 2 === 0 })));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    const list = await features(t.apiKey);
    expect(typeof list.paymasters.enabled).toBe("boolean");
    expect(list.paymasters.updated).toEqual(expect.any(Number));
  });
});
