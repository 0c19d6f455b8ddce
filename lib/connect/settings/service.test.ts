// Connect settings over the API (platform 4.8): GET defaults, PUT/POST partial updates, validation, and
// per-tenant, per-mode scoping.
import { describe, expect, it } from "vitest";
import { call, newTenant } from "@/test/client";

describe("Connect settings", () => {
  it("GET answers defaults; PUT changes only the fields sent; POST is the same update with 201", async () => {
    // A client id belongs to one tenant: this run's own.
    const googleId = `google-client-${Date.now()}.apps.googleusercontent.com`;
    const appleId = `com.example.web${Date.now()}`;
    const t = await newTenant();
    const cors = await call("GET", "/v1/settings/cors", { token: t.apiKey });
    expect(cors.status).toBe(200);
    expect(cors.body).toEqual({ object: "cors_settings", allowed_origins: [], livemode: false, updated: null });
    const oauth = await call("GET", "/v1/settings/oauth", { token: t.apiKey });
    expect(oauth.body).toEqual({ object: "oauth_settings", google_client_id: null, apple_client_id: null, providers: [], livemode: false, updated: null });
    const passkeys = await call("GET", "/v1/settings/passkeys", { token: t.apiKey });
    expect(passkeys.body).toEqual({ object: "passkey_settings", rp_id: null, rp_name: null, livemode: false, updated: null });
    const all = await call("GET", "/v1/settings/connect", { token: t.apiKey });
    expect(all.body).toMatchObject({ object: "connect_settings", cors: { allowed_origins: [] }, oauth: { providers: [] }, passkeys: { rp_id: null } });

    const put = await call("PUT", "/v1/settings/cors", { token: t.apiKey, body: { allowed_origins: ["https://App.Example.com/", "http://localhost:3000", "https://app.example.com"] } });
    expect(put.status).toBe(200);
    expect(put.body.allowed_origins).toEqual(["https://app.example.com", "http://localhost:3000"]);
    expect(put.body.updated).toBeTypeOf("number");

    const g = await call("PUT", "/v1/settings/oauth", { token: t.apiKey, body: { google_client_id: googleId } });
    expect(g.body).toMatchObject({ google_client_id: googleId, apple_client_id: null, providers: ["google"] });
    const a = await call("POST", "/v1/settings/oauth", { token: t.apiKey, body: { apple_client_id: appleId } });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ google_client_id: googleId, apple_client_id: appleId, providers: ["google", "apple"] });

    const p = await call("POST", "/v1/settings/passkeys", { token: t.apiKey, body: { rp_id: "example.com", rp_name: "Example DApp" } });
    expect(p.status).toBe(201);
    expect(p.body).toMatchObject({ object: "passkey_settings", rp_id: "example.com", rp_name: "Example DApp" });

    // connect: all sections at once, partial inside each section too.
    const c = await call("PUT", "/v1/settings/connect", { token: t.apiKey, body: { oauth: { google_client_id: null }, passkeys: { rp_name: "Renamed" } } });
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({
      object: "connect_settings",
      cors: { allowed_origins: ["https://app.example.com", "http://localhost:3000"] },
      oauth: { google_client_id: null, apple_client_id: appleId, providers: ["apple"] },
      passkeys: { rp_id: "example.com", rp_name: "Renamed" },
      livemode: false,
    });
    const c2 = await call("POST", "/v1/settings/connect", { token: t.apiKey, body: { cors: { allowed_origins: [] } } });
    expect(c2.status).toBe(201);
    expect(c2.body.cors.allowed_origins).toEqual([]);
    expect(c2.body.passkeys.rp_name).toBe("Renamed");
    expect((await call("GET", "/v1/settings/cors", { token: t.apiKey })).body.allowed_origins).toEqual([]);
    expect((await call("GET", "/v1/settings/passkeys", { token: t.apiKey })).body.rp_id).toBe("example.com");
  });

  it("validates origins, rp_id and unknown fields with 400 naming the field", async () => {
    const t = await newTenant();
    for (const bad of ["https://app.example.com/path", "ftp://example.com", "example.com", "https://user:pw@example.com", "https://example.com?x=1", "*"]) {
      const res = await call("PUT", "/v1/settings/cors", { token: t.apiKey, body: { allowed_origins: [bad] } });
      expect(res.status, bad).toBe(400);
      expect(res.body.error.param).toBe("allowed_origins.0");
    }
    const tooMany = Array.from({ length: 51 }, (_, i) => `https://a${i}.example.com`);
    expect((await call("PUT", "/v1/settings/cors", { token: t.apiKey, body: { allowed_origins: tooMany } })).status).toBe(400);
    for (const bad of ["https://example.com", "Example.com", "example.com:443", "-bad.com", "exa mple.com"]) {
      const res = await call("PUT", "/v1/settings/passkeys", { token: t.apiKey, body: { rp_id: bad } });
      expect(res.status, bad).toBe(400);
      expect(res.body.error.param).toBe("rp_id");
    }
    expect((await call("PUT", "/v1/settings/passkeys", { token: t.apiKey, body: { rp_id: "localhost" } })).status).toBe(200);
    const unknown = await call("PUT", "/v1/settings/oauth", { token: t.apiKey, body: { github_client_id: "x" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe("parameter_unknown");
    const nested = await call("PUT", "/v1/settings/connect", { token: t.apiKey, body: { cors: { allowed_origins: ["nope"] } } });
    expect(nested.body.error.param).toBe("cors.allowed_origins.0");
    expect((await call("GET", "/v1/settings/connect", {})).status).toBe(401);
  });

  it("settings are per tenant and per mode", async () => {
    const a = await newTenant();
    const b = await newTenant();
    await call("PUT", "/v1/settings/cors", { token: a.apiKey, body: { allowed_origins: ["https://a.example.com"] } });
    expect((await call("GET", "/v1/settings/cors", { token: b.apiKey })).body.allowed_origins).toEqual([]);
    const live = await call("POST", "/v1/api_keys", { token: a.accessToken, body: { name: "live", environment: "live" } });
    expect(live.status).toBe(201);
    const liveCors = await call("GET", "/v1/settings/cors", { token: live.body.secret });
    expect(liveCors.body).toMatchObject({ allowed_origins: [], livemode: true });
  });
});
