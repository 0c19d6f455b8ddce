// Webhook endpoints over the API: the 7 operations of spec 4.7, validation, tenant and mode scoping.
import { describe, expect, it } from "vitest";
import { call, newTenant } from "@/test/client";

const create = (apiKey: string, body: unknown) => call("POST", "/v1/webhook_endpoints", { token: apiKey, body });
const valid = { url: "https://example.com/hooks", events: ["token.deployed", "transaction.confirmed"] };

describe("webhook endpoints", () => {
  it("create returns the secret once; retrieve, list, update (POST and deprecated PUT) and delete", async () => {
    const t = await newTenant();
    const created = await create(t.apiKey, { ...valid, description: "ops", metadata: { team: "treasury" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: "webhook_endpoint", url: "https://example.com/hooks", events: valid.events, description: "ops",
      metadata: { team: "treasury" }, status: "enabled", disabled_reason: null, livemode: false, previous_secret_expires: null,
    });
    expect(created.body.id).toMatch(/^we_/);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const id = created.body.id;

    const got = await call("GET", `/v1/webhook_endpoints/${id}`, { token: t.apiKey });
    expect(got.status).toBe(200);
    expect(got.body.secret).toBeUndefined();
    const list = await call("GET", "/v1/webhook_endpoints", { token: t.apiKey });
    expect(list.body).toMatchObject({ object: "list", total: 1, has_more: false });
    expect(list.body.data[0].id).toBe(id);

    const updated = await call("POST", `/v1/webhook_endpoints/${id}`, { token: t.apiKey, body: { events: ["*"], metadata: { team: "", region: "eu" }, description: "" } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ events: ["*"], metadata: { region: "eu" }, description: null, url: valid.url });
    expect(updated.headers.get("deprecation")).toBeNull();
    const put = await call("PUT", `/v1/webhook_endpoints/${id}`, { token: t.apiKey, body: { url: "https://example.org/h", disabled: true } });
    expect(put.status).toBe(200);
    expect(put.headers.get("deprecation")).toBe("true");
    expect(put.body).toMatchObject({ url: "https://example.org/h", status: "disabled", disabled_reason: "requested" });
    const enabled = await call("POST", `/v1/webhook_endpoints/${id}`, { token: t.apiKey, body: { disabled: false } });
    expect(enabled.body).toMatchObject({ status: "enabled", disabled_reason: null });

    const deleted = await call("DELETE", `/v1/webhook_endpoints/${id}`, { token: t.apiKey });
    expect(deleted.body).toEqual({ id, object: "webhook_endpoint", deleted: true });
    expect((await call("GET", `/v1/webhook_endpoints/${id}`, { token: t.apiKey })).status).toBe(404);
    expect((await call("DELETE", `/v1/webhook_endpoints/${id}`, { token: t.apiKey })).status).toBe(404);
  });

  it("rotate_secret returns a new secret and keeps the old one valid for 24 h", async () => {
    const t = await newTenant();
    const created = await create(t.apiKey, valid);
    const rotated = await call("POST", `/v1/webhook_endpoints/${created.body.id}/rotate_secret`, { token: t.apiKey });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    const expires = rotated.body.previous_secret_expires - Math.floor(Date.now() / 1000);
    expect(expires).toBeGreaterThan(24 * 3600 - 10);
    expect(expires).toBeLessThanOrEqual(24 * 3600);
  });

  it("400 for a bad url, unknown events, oversized metadata and unknown fields; nothing is created", async () => {
    const t = await newTenant();
    const expect400 = async (body: unknown, param: string, code?: string) => {
      const res = await create(t.apiKey, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.param).toBe(param);
      if (code) expect(res.body.error.code).toBe(code);
    };
    await expect400({ events: valid.events }, "url", "parameter_missing");
    await expect400({ ...valid, url: "not a url" }, "url", "url_invalid");
    await expect400({ ...valid, url: "http://example.com/hooks" }, "url", "url_invalid");
    await expect400({ ...valid, url: "ftp://example.com/hooks" }, "url", "url_invalid");
    await expect400({ ...valid, url: "https://user:pw@example.com/hooks" }, "url", "url_invalid");
    await expect400({ url: valid.url }, "events", "parameter_missing");
    await expect400({ ...valid, events: [] }, "events");
    await expect400({ ...valid, events: ["token.deployed", "token.exploded"] }, "events.1", "parameter_invalid");
    await expect400({ ...valid, events: "token.deployed" }, "events");
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"]));
    await expect400({ ...valid, metadata: tooMany }, "metadata");
    await expect400({ ...valid, metadata: { note: "x".repeat(501) } }, "metadata.note");
    await expect400({ ...valid, metadata: { nested: { a: 1 } } }, "metadata.nested");
    await expect400({ ...valid, colour: "red" }, "colour", "parameter_unknown");
    const list = await call("GET", "/v1/webhook_endpoints", { token: t.apiKey });
    expect(list.body.total).toBe(0);
    const odd = await call("POST", "/v1/webhook_endpoints", { token: t.apiKey, rawBody: '{"url":"https://example.com","events":["*"],"metadata":{"__proto__":"x","constructor":"y"}}' });
    expect(odd.status).toBe(201);
    expect(odd.body.metadata.constructor).toBe("y");
    await call("DELETE", `/v1/webhook_endpoints/${odd.body.id}`, { token: t.apiKey });

    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, "v".repeat(500)]));
    const ok = await create(t.apiKey, { ...valid, metadata: fifty });
    expect(ok.status).toBe(201);
    const merged = await call("POST", `/v1/webhook_endpoints/${ok.body.id}`, { token: t.apiKey, body: { metadata: { one_more: "x" } } });
    expect(merged.status).toBe(400);
    expect(merged.body.error.param).toBe("metadata");
    expect((await call("POST", `/v1/webhook_endpoints/${ok.body.id}`, { token: t.apiKey, body: { url: "http://example.com" } })).status).toBe(400);
  });

  it("http is accepted for loopback hosts with a test key only", async () => {
    const t = await newTenant();
    for (const url of ["http://localhost:4000/h", "http://127.0.0.1:4000/h", "http://[::1]:4000/h"]) {
      expect((await create(t.apiKey, { ...valid, url })).status, url).toBe(201);
    }
    const live = await call("POST", "/v1/api_keys", { token: t.accessToken, body: { name: "live", environment: "live" } });
    const liveKey = live.body.secret;
    for (const url of ["http://localhost:4000/h", "https://127.0.0.1/h", "https://10.0.0.5/h", "https://[::1]/h"]) {
      const res = await create(liveKey, { ...valid, url });
      expect(res.status, url).toBe(400);
      expect(res.body.error.param).toBe("url");
    }
    const liveOk = await create(liveKey, valid);
    expect(liveOk.body.livemode).toBe(true);
    // Each mode sees its own endpoints.
    expect((await call("GET", "/v1/webhook_endpoints", { token: liveKey })).body.total).toBe(1);
    expect((await call("GET", "/v1/webhook_endpoints", { token: t.apiKey })).body.total).toBe(3);
    expect((await call("GET", `/v1/webhook_endpoints/${liveOk.body.id}`, { token: t.apiKey })).status).toBe(404);
  });

  it("another tenant's endpoint is 404 everywhere; the session token is refused", async () => {
    const a = await newTenant();
    const b = await newTenant();
    const id = (await create(b.apiKey, valid)).body.id;
    for (const [method, path] of [
      ["GET", `/v1/webhook_endpoints/${id}`],
      ["POST", `/v1/webhook_endpoints/${id}`],
      ["PUT", `/v1/webhook_endpoints/${id}`],
      ["DELETE", `/v1/webhook_endpoints/${id}`],
      ["POST", `/v1/webhook_endpoints/${id}/rotate_secret`],
      ["GET", `/v1/webhook_endpoints/${id}/deliveries`],
    ]) {
      const res = await call(method, path, { token: a.apiKey, ...(method === "POST" || method === "PUT" ? { body: {} } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await call("GET", "/v1/webhook_endpoints", { token: a.accessToken })).status).toBe(401);
    expect((await call("GET", `/v1/webhook_endpoints/${id}/deliveries?status=done`, { token: b.apiKey })).status).toBe(400);
  });
});
