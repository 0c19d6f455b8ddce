// OAuth identities of Connect accounts over the API: id_tokens from a local identity provider (real JWKS
// over HTTP, real RS256/ES256 signatures) verified against the tenant's client ids; link, list, unlink;
// 409 on conflicts; another tenant's account is 404; session tokens are not console credentials.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { call, newTenant } from "@/test/client";
import { verifyAccessToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db";
import { readSessionToken } from "@/lib/connect/testing/sessions-token";
import { CHAIN_ID, newAccount, startIdentityProviders, type IdentityProviders, type IdTokenClaims } from "@/lib/connect/testing/oauth";

let idp: IdentityProviders;
beforeAll(async () => (idp = await startIdentityProviders()));
afterAll(() => idp?.close());

// A client id belongs to one tenant: each tenant here has its own app.
let apps = 0;
async function configuredTenant() {
  const t = await newTenant("OAuth");
  const app = `${Date.now()}-${++apps}`;
  const clients = { google: `app-${app}.apps.googleusercontent.com`, apple: `com.example.dapp${app}` };
  const res = await call("PUT", "/v1/settings/oauth", { token: t.apiKey, body: { google_client_id: clients.google, apple_client_id: clients.apple } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...t, clients };
}
type Tenant = Awaited<ReturnType<typeof configuredTenant>>;

async function nonceFor(apiKey: string) {
  const res = await call("POST", "/v1/connect/oauth/nonce", { token: apiKey, body: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.nonce as string;
}

/** An id_token for the tenant's app, carrying a nonce the tenant was just issued (unless claims say otherwise). */
async function tokenFor(t: Tenant, provider: "google" | "apple", claims: Omit<IdTokenClaims, "aud"> & { aud?: string }) {
  return idp.idToken(provider, { aud: t.clients[provider], nonce: await nonceFor(t.apiKey), ...claims });
}

describe("Connect OAuth", () => {
  it("a new user gets an oauth_token, links it; returning users get the account and a session", async () => {
    const t = await configuredTenant();
    const { address } = await newAccount(t.apiKey);
    const sub = `google-user-${Date.now()}`;

    const first = await call("POST", "/v1/connect/oauth/verify", { token: t.apiKey, body: { provider: "google", id_token: await tokenFor(t, "google", { sub, email: "ada@example.com" }) } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ object: "oauth_verification", provider: "google", subject: sub, email: "ada@example.com", linked: false, account: null, session_token: null, oauth_token_expires_in: 600 });
    const oauthToken = first.body.oauth_token as string;

    const link = await call("POST", "/v1/connect/oauth/link", { token: t.apiKey, body: { oauth_token: oauthToken, address, chain_id: CHAIN_ID } });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    expect(link.body).toMatchObject({ object: "oauth_link", provider: "google", subject: sub, email: "ada@example.com", address, chain_id: CHAIN_ID, livemode: false });
    expect(link.body.id).toMatch(/^oal_/);
    // Linking the same identity to the same account again answers the link.
    const again = await call("POST", "/v1/connect/oauth/link", { token: t.apiKey, body: { oauth_token: oauthToken, address: address.toLowerCase(), chain_id: CHAIN_ID } });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(link.body.id);

    const back = await call("POST", "/v1/connect/oauth/verify", { token: t.apiKey, body: { provider: "google", id_token: await tokenFor(t, "google", { sub }) } });
    expect(back.body).toMatchObject({ linked: true, account: { address, chain_id: CHAIN_ID, network: "polygon_amoy" }, oauth_token: null, session_expires_in: 3600 });
    const session = await readSessionToken(back.body.session_token);
    expect(session).toEqual({ tenantId: t.auth.tenant.id, livemode: false, address, chainId: CHAIN_ID, method: "oauth" });
    // Neither token is a console session or an API credential.
    expect(await verifyAccessToken(back.body.session_token)).toBeNull();
    expect(await verifyAccessToken(oauthToken)).toBeNull();
    expect(decodeJwt(back.body.session_token).aud).toBe("connect-session");
    expect((await call("GET", "/v1/settings/cors", { token: back.body.session_token })).status).toBe(401);
    // An oauth_token is not a session token, nor the other way round.
    expect(await readSessionToken(oauthToken)).toBeNull();
    const swapped = await call("POST", "/v1/connect/oauth/link", { token: t.apiKey, body: { oauth_token: back.body.session_token, address, chain_id: CHAIN_ID } });
    expect(swapped.status).toBe(400);
    expect(swapped.body.error.code).toBe("invalid_oauth_token");

    // Apple (ES256) next to it; list both; unlink one.
    const apple = await call("POST", "/v1/connect/oauth/verify", { token: t.apiKey, body: { provider: "apple", id_token: await tokenFor(t, "apple", { sub: "apple.001" }) } });
    expect(apple.body).toMatchObject({ linked: false, provider: "apple", email: null });
    expect((await call("POST", "/v1/connect/oauth/link", { token: t.apiKey, body: { oauth_token: apple.body.oauth_token, address, chain_id: CHAIN_ID } })).status).toBe(201);
    const list = await call("GET", `/v1/connect/accounts/${address}/oauth?chain_id=${CHAIN_ID}`, { token: t.apiKey });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ object: "list", total: 2, has_more: false });
    expect(list.body.data.map((l: { provider: string }) => l.provider).sort()).toEqual(["apple", "google"]);

    const removed = await call("DELETE", `/v1/connect/accounts/${address}/oauth/google?chain_id=${CHAIN_ID}`, { token: t.apiKey });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: link.body.id, object: "oauth_link", deleted: true, provider: "google" });
    expect((await call("DELETE", `/v1/connect/accounts/${address}/oauth/google?chain_id=${CHAIN_ID}`, { token: t.apiKey })).status).toBe(404);
    expect((await call("GET", `/v1/connect/accounts/${address}/oauth?chain_id=${CHAIN_ID}`, { token: t.apiKey })).body.total).toBe(1);
    // Unlinked: the google identity is new again.
    const fresh = await call("POST", "/v1/connect/oauth/verify", { token: t.apiKey, body: { provider: "google", id_token: await tokenFor(t, "google", { sub }) } });
    expect(fresh.body.linked).toBe(false);
  });

  it("409 when the identity is linked to another account, or the account already has that provider", async () => {
    const t = await configuredTenant();
    const a = await newAccount(t.apiKey);
    const b = await newAccount(t.apiKey);
    const verify = async (sub: string) =>
      (await call("POST", "/v1/connect/oauth/verify", { token: t.apiKey, body: { provider: "google", id_token: await tokenFor(t, "google", { sub }) } })).body.oauth_token as string;
    const token = await verify("shared-user");
    expect((await call("POST", "/v1/connect/oauth/link", { token: t.apiKey, body: { oauth_token: token, address: a.address, chain_id: CHAIN_ID } })).status).toBe(201);
    const conflict = await call("POST", "/v1/connect/oauth/link", { token: t.apiKey, body: { oauth_token: token, address: b.address, chain_id: CHAIN_ID } });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe("oauth_identity_already_linked");
    const second = await call("POST", "/v1/connect/oauth/link", { token: t.apiKey, body: { oauth_token: await verify("other-user"), address: a.address, chain_id: CHAIN_ID } });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe("oauth_provider_already_linked");
  });

  it("rejects id_tokens with a wrong audience, issuer, signature or expiry, and unconfigured providers", async () => {
    const t = await configuredTenant();
    const verify = async (provider: "google" | "apple", id_token: string) => call("POST", "/v1/connect/oauth/verify", { token: t.apiKey, body: { provider, id_token } });
    const cases: [string, Promise<string>, "google" | "apple"][] = [
      ["audience", tokenFor(t, "google", { aud: "someone-else.apps.googleusercontent.com", sub: "u1" }), "google"],
      ["issuer", tokenFor(t, "google", { sub: "u1", iss: "https://evil.example.com" }), "google"],
      ["signature", tokenFor(t, "google", { sub: "u1", rogue: true }), "google"],
      ["expiry", tokenFor(t, "google", { sub: "u1", expiresIn: -3600 }), "google"],
      ["provider", tokenFor(t, "google", { sub: "u1" }), "apple"], // a google token presented as apple's
      ["apple signature", tokenFor(t, "apple", { sub: "u1", rogue: true }), "apple"],
    ];
    for (const [what, token, provider] of cases) {
      const res = await verify(provider, await token);
      expect(res.status, what).toBe(400);
      expect(res.body.error.code, what).toBe("invalid_id_token");
      expect(res.body.error.param).toBe("id_token");
    }
    expect((await verify("google", "not.a.jwt")).body.error.code).toBe("invalid_id_token");

    const bare = await newTenant("NoOAuth");
    const res = await call("POST", "/v1/connect/oauth/verify", { token: bare.apiKey, body: { provider: "google", id_token: await tokenFor(t, "google", { sub: "u1" }) } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("oauth_provider_not_configured");
  });

  it("another tenant's account and oauth_token answer 404 / 400", async () => {
    const a = await configuredTenant();
    const b = await configuredTenant();
    const { address } = await newAccount(a.apiKey);
    const token = (await call("POST", "/v1/connect/oauth/verify", { token: a.apiKey, body: { provider: "google", id_token: await tokenFor(a, "google", { sub: "iso" }) } })).body.oauth_token;
    expect((await call("GET", `/v1/connect/accounts/${address}/oauth?chain_id=${CHAIN_ID}`, { token: b.apiKey })).status).toBe(404);
    expect((await call("DELETE", `/v1/connect/accounts/${address}/oauth/google?chain_id=${CHAIN_ID}`, { token: b.apiKey })).status).toBe(404);
    const { address: bAddress } = await newAccount(b.apiKey);
    // B's key cannot redeem A's oauth_token, even for B's own account.
    const stolen = await call("POST", "/v1/connect/oauth/link", { token: b.apiKey, body: { oauth_token: token, address: bAddress, chain_id: CHAIN_ID } });
    expect(stolen.status).toBe(400);
    // A's token with B's account address under A's key: no such account.
    expect((await call("POST", "/v1/connect/oauth/link", { token: a.apiKey, body: { oauth_token: token, address: bAddress, chain_id: CHAIN_ID } })).status).toBe(404);
    // The right chain only.
    expect((await call("GET", `/v1/connect/accounts/${address}/oauth?chain_id=1`, { token: a.apiKey })).status).toBe(404);
  });

  it("an id_token must carry a nonce this tenant and mode was issued, unexpired, and signs in once", async () => {
    const t = await configuredTenant();
    const other = await configuredTenant();
    const verify = (id_token: string) => call("POST", "/v1/connect/oauth/verify", { token: t.apiKey, body: { provider: "google", id_token } });

    const issued = await call("POST", "/v1/connect/oauth/nonce", { token: t.apiKey, body: {} });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ object: "oauth_nonce", expires_in: 600, livemode: false });
    expect(issued.body.nonce).toMatch(/^[A-Za-z0-9_-]{32,}$/);

    const missing = await verify(await idp.idToken("google", { aud: t.clients.google, sub: "n1" }));
    expect(missing.status, JSON.stringify(missing.body)).toBe(400);
    expect(missing.body.error).toMatchObject({ code: "id_token_nonce_missing", param: "id_token" });

    const made = await verify(await idp.idToken("google", { aud: t.clients.google, sub: "n1", nonce: "made-up-by-the-client-0123456789abcdef" }));
    expect(made.status).toBe(400);
    expect(made.body.error).toMatchObject({ code: "id_token_nonce_invalid", param: "id_token" });

    // Another tenant's nonce does not do.
    const foreign = await verify(await idp.idToken("google", { aud: t.clients.google, sub: "n1", nonce: await nonceFor(other.apiKey) }));
    expect(foreign.body.error?.code).toBe("id_token_nonce_invalid");

    // An expired nonce does not do.
    const stale = await nonceFor(t.apiKey);
    await db.connectOAuthNonce.updateMany({ where: { nonce: stale }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await verify(await idp.idToken("google", { aud: t.clients.google, sub: "n1", nonce: stale }))).body.error?.code).toBe("id_token_nonce_invalid");

    // The right nonce signs in, once: the same token again, or another token with the used nonce, is refused.
    const nonce = await nonceFor(t.apiKey);
    const token = await idp.idToken("google", { aud: t.clients.google, sub: "n1", nonce, jti: `jti-${Date.now()}` });
    expect((await verify(token)).status).toBe(200);
    const replay = await verify(token);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toMatchObject({ code: "id_token_already_used", param: "id_token" });
    const reused = await verify(await idp.idToken("google", { aud: t.clients.google, sub: "n1", nonce }));
    expect(reused.body.error?.code).toBe("id_token_nonce_invalid");
    // A token without jti is remembered by its hash.
    const plain = await tokenFor(t, "google", { sub: "n2" });
    expect((await verify(plain)).status).toBe(200);
    expect((await verify(plain)).body.error?.code).toBe("id_token_already_used");
  });

  it("an azp claim must be the tenant's client id", async () => {
    const t = await configuredTenant();
    const res = await call("POST", "/v1/connect/oauth/verify", { token: t.apiKey, body: { provider: "google", id_token: await tokenFor(t, "google", { sub: "azp1", azp: "another-app.apps.googleusercontent.com" }) } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "invalid_id_token", param: "id_token" });
    expect(res.body.error.message).toContain("azp");
    const ok = await call("POST", "/v1/connect/oauth/verify", { token: t.apiKey, body: { provider: "google", id_token: await tokenFor(t, "google", { sub: "azp1", azp: t.clients.google }) } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it("a client id belongs to one tenant: another tenant setting it gets 409 and changes nothing", async () => {
    const a = await configuredTenant();
    const b = await configuredTenant();
    for (const [method, path, body] of [
      ["PUT", "/v1/settings/oauth", { google_client_id: a.clients.google }],
      ["POST", "/v1/settings/oauth", { apple_client_id: a.clients.apple }],
      ["PUT", "/v1/settings/connect", { oauth: { google_client_id: a.clients.google } }],
    ] as const) {
      const res = await call(method, path, { token: b.apiKey, body });
      expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(409);
      expect(res.body.error.code).toBe("oauth_client_id_taken");
    }
    expect((await call("GET", "/v1/settings/oauth", { token: b.apiKey })).body).toMatchObject({ google_client_id: b.clients.google, apple_client_id: b.clients.apple });
    // A's own live mode may use A's client id.
    const live = await call("POST", "/v1/api_keys", { token: a.accessToken, body: { name: "live", environment: "live" } });
    expect(live.status).toBe(201);
    expect((await call("PUT", "/v1/settings/oauth", { token: live.body.secret, body: { google_client_id: a.clients.google } })).status).toBe(200);
    // Once A lets go of it (in both modes), B may take it.
    expect((await call("PUT", "/v1/settings/oauth", { token: a.apiKey, body: { google_client_id: null } })).status).toBe(200);
    expect((await call("PUT", "/v1/settings/oauth", { token: b.apiKey, body: { google_client_id: a.clients.google } })).status).toBe(409);
    expect((await call("PUT", "/v1/settings/oauth", { token: live.body.secret, body: { google_client_id: "another.apps.googleusercontent.com" + Date.now() } })).status).toBe(200);
    expect((await call("PUT", "/v1/settings/oauth", { token: b.apiKey, body: { google_client_id: a.clients.google } })).status).toBe(200);
  });
});
