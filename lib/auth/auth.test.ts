// Registration, sign-in, refresh rotation and API key lifecycle over the HTTP handlers.
import { describe, expect, it } from "vitest";
import { call, freshIp, newTenant } from "@/test/client";
import { db } from "@/lib/db";

const register = (body: object) => call("POST", "/auth/register", { ip: freshIp(), body });

describe("register", () => {
  it("rejects a duplicate e-mail (any case) with 409 and bad input with 400", async () => {
    const t = await newTenant();
    const dup = await register({ email: t.email.toUpperCase(), password: "another pass 2", company_name: "X", full_name: "Y" });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ code: "email_already_registered", param: "email" });
    const weak = await register({ email: "weak@example.com", password: "short", company_name: "X", full_name: "Y" });
    expect(weak.status).toBe(400);
    expect(weak.body.error.param).toBe("password");
    const letters = await register({ email: "weak2@example.com", password: "onlyletterslong", company_name: "X", full_name: "Y" });
    expect(letters.body.error.param).toBe("password");
    const email = await register({ email: "nope", password: "good password 1", company_name: "X", full_name: "Y" });
    expect(email.body.error.param).toBe("email");
    expect(await db.user.count({ where: { email: { in: ["weak@example.com", "weak2@example.com", "nope"] } } })).toBe(0);
  });

  it("stores an argon2 hash, never the password, and records auth.registered", async () => {
    const t = await newTenant();
    const user = await db.user.findUniqueOrThrow({ where: { id: t.auth.user.id } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain(t.password);
    const events = await db.event.findMany({ where: { tenantId: t.auth.tenant.id }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.type)).toEqual(["auth.registered", "wallet.created", "wallet.created", "api_key.created"]); // a wallet per mode
    expect(JSON.stringify(events)).not.toContain(t.apiKey);
  });
});

describe("login and refresh", () => {
  it("logs in, rotates refresh tokens, and revokes the family when an old token is reused", async () => {
    const t = await newTenant();
    const bad = await call("POST", "/auth/login", { ip: freshIp(), body: { email: t.email, password: "wrong password 1" } });
    expect(bad.status).toBe(401);
    expect(bad.body.error.code).toBe("invalid_login");
    const login = await call("POST", "/auth/login", { ip: freshIp(), body: { email: t.email, password: t.password } });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ object: "auth", token_type: "bearer", tenant: { id: t.auth.tenant.id } });
    expect(await db.event.count({ where: { tenantId: t.auth.tenant.id, type: "auth.login" } })).toBe(1);

    const first = await call("POST", "/auth/refresh", { ip: freshIp(), body: { refresh_token: login.body.refresh_token } });
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(login.body.refresh_token);
    expect((await call("GET", "/v1/api_keys", { token: first.body.access_token })).status).toBe(200);

    // the rotated token is presented again: refused, and the newer token dies with it
    const reuse = await call("POST", "/auth/refresh", { ip: freshIp(), body: { refresh_token: login.body.refresh_token } });
    expect(reuse.status).toBe(401);
    const afterReuse = await call("POST", "/auth/refresh", { ip: freshIp(), body: { refresh_token: first.body.refresh_token } });
    expect(afterReuse.status).toBe(401);
    // the registration session is another family and still works
    expect((await call("POST", "/auth/refresh", { ip: freshIp(), body: { refresh_token: t.auth.refresh_token } })).status).toBe(200);
  });
});

describe("api keys", () => {
  it("stores only hashes, records last_used, rotates with a grace period and lists without secrets", async () => {
    const t = await newTenant();
    const stored = await db.apiKey.findUniqueOrThrow({ where: { id: t.key.id } });
    expect(JSON.stringify(stored)).not.toContain(t.apiKey.slice(8));
    expect(t.key.last_used).toBeNull();
    await call("GET", "/v1/networks", { token: t.apiKey });
    const used = await call("GET", `/v1/api_keys/${t.key.id}`, { token: t.accessToken });
    expect(used.body.last_used).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(used.body.secret).toBeUndefined();

    const rotated = await call("POST", `/v1/api_keys/${t.key.id}/rotate`, { token: t.accessToken, body: {} });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^sk_test_/);
    expect(rotated.body.secret).not.toBe(t.apiKey);
    expect(rotated.body.previous_secret_expires).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
    expect((await call("GET", "/v1/networks", { token: t.apiKey })).status).toBe(200);
    expect((await call("GET", "/v1/networks", { token: rotated.body.secret })).status).toBe(200);

    const now = await call("POST", `/v1/api_keys/${t.key.id}/rotate`, { token: t.accessToken, body: { grace_period_seconds: 0 } });
    expect((await call("GET", "/v1/networks", { token: rotated.body.secret })).status).toBe(401);
    expect((await call("GET", "/v1/networks", { token: now.body.secret })).status).toBe(200);
    expect(await db.event.count({ where: { tenantId: t.auth.tenant.id, type: "api_key.rotated" } })).toBe(2);

    await call("DELETE", `/v1/api_keys/${t.key.id}`, { token: t.accessToken });
    expect((await call("GET", "/v1/networks", { token: now.body.secret })).status).toBe(401);
    const rotateRevoked = await call("POST", `/v1/api_keys/${t.key.id}/rotate`, { token: t.accessToken, body: {} });
    expect(rotateRevoked.status).toBe(400);
    expect(await db.event.count({ where: { tenantId: t.auth.tenant.id, type: "api_key.revoked" } })).toBe(1);
  });
});
