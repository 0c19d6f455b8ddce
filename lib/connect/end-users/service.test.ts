// The server side of the end-user Connect pages, with a software passkey (the browser ceremonies run in
// e2e/connect.spec.ts): the publishable key resolves to its tenant (a secret, revoked or unknown key does
// not); a registration makes a passkey-owned account with the verified passkey on it; challenges are the
// server's own, single use, per tenant and purpose; sign-in verifies against the stored credential and
// moves its counter; the session token is its own kind.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { call, newTenant } from "@/test/client";
import { SignJWT } from "jose";
import {
  authenticationOptions, completeAuthentication, completeRegistration, endUserContext, prepareTransfer, registrationOptions, sessionAccount,
  signWithPasskey, type EndUserContext,
} from "@/lib/connect/end-users/service";
import { signEndUserSession, verifyEndUserSession } from "@/lib/connect/end-users/session";
import { passkeyDevice } from "@/lib/connect/testing/passkey-account";
import { passkeyKeyId } from "@/lib/connect/accounts/passkey";
import { issueSessionToken } from "@/lib/connect/sessions/token";
import { readSessionToken } from "@/lib/connect/testing/sessions-token";

const RP_ID = "dapp.example.com";
const ORIGIN = `https://${RP_ID}`;

async function pageTenant(configure = true) {
  const t = await newTenant("EndUser");
  if (configure) {
    const res = await call("PUT", "/v1/settings/connect", { token: t.apiKey, body: { cors: { allowed_origins: [ORIGIN] }, passkeys: { rp_id: RP_ID, rp_name: "DApp" } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const ctx = await endUserContext(t.key.publishable);
  expect(ctx).not.toBeNull();
  return { t, ctx: ctx! };
}

const rejects = async (promise: Promise<unknown>, code: string) => {
  await expect(promise).rejects.toMatchObject({ code });
};

describe("Connect end users (pages' server side)", () => {
  let a: Awaited<ReturnType<typeof pageTenant>>;
  let b: Awaited<ReturnType<typeof pageTenant>>;
  beforeAll(async () => {
    [a, b] = await Promise.all([pageTenant(), pageTenant()]);
  });

  it("resolves a publishable key to its tenant and test mode; secret, unknown and revoked keys resolve to nothing", async () => {
    expect(a.ctx).toMatchObject({ scope: { tenantId: expect.any(String), livemode: false }, chainId: "80002", rpId: RP_ID, rpName: "DApp", origins: [ORIGIN] });
    expect(await endUserContext(a.t.apiKey)).toBeNull();
    expect(await endUserContext("pk_test_unknown0000000000000000")).toBeNull();
    const other = await newTenant("Revoked");
    expect(await endUserContext(other.key.publishable)).not.toBeNull();
    expect((await call("DELETE", `/v1/api_keys/${other.key.id}`, { token: other.accessToken })).status).toBe(200);
    expect(await endUserContext(other.key.publishable)).toBeNull();
    // Passkeys not set up: the ceremonies say so.
    const bare = await pageTenant(false);
    await rejects(registrationOptions(bare.ctx), "passkeys_not_configured");
  });

  it("registration → a passkey-owned account with the verified passkey; the challenge is used once, by its tenant only", async () => {
    const device = passkeyDevice();
    const options = await registrationOptions(a.ctx);
    expect(options).toMatchObject({ rp: { id: RP_ID, name: "DApp" }, authenticatorSelection: { residentKey: "required", userVerification: "required" } });
    expect(options.pubKeyCredParams.map((p) => p.alg)).toEqual([-7]);
    const response = device.register({ rpId: RP_ID, origin: ORIGIN, challenge: options.challenge });
    // Another tenant cannot use this tenant's challenge; a challenge the server never issued is refused.
    await rejects(completeRegistration(b.ctx, response as never), "challenge_invalid");
    await rejects(completeRegistration(a.ctx, device.register({ rpId: RP_ID, origin: ORIGIN, challenge: "bm90LWlzc3VlZA" }) as never), "challenge_invalid");

    const { account, credentialId } = await completeRegistration(a.ctx, response as never);
    expect(account).toMatchObject({ validator: "passkey", signer: passkeyKeyId(device), chain_id: "80002" });
    expect(credentialId).toBe(device.credentialId);
    await rejects(completeRegistration(a.ctx, response as never), "challenge_invalid"); // used once
    const stored = await db.connectPasskey.findFirstOrThrow({ where: { credentialId, tenantId: a.ctx.scope.tenantId } });
    expect(stored).toMatchObject({ accountId: account.id, verified: true, publicKeyX: device.x, publicKeyY: device.y });

    // Registered from another origin: refused (the challenge is spent on the attempt).
    const wrong = await registrationOptions(a.ctx);
    await rejects(completeRegistration(a.ctx, passkeyDevice().register({ rpId: RP_ID, origin: "https://evil.example", challenge: wrong.challenge }) as never), "passkey_registration_invalid");

    // Sign-in: verified against the stored credential, counter moved; not in another tenant, not twice.
    const auth = await authenticationOptions(a.ctx);
    expect(auth).toMatchObject({ rpId: RP_ID, userVerification: "required" });
    const assertion = device.assert({ rpId: RP_ID, origin: ORIGIN, challenge: auth.challenge });
    await rejects(completeAuthentication(b.ctx, assertion as never), "challenge_invalid");
    expect(await completeAuthentication(a.ctx, assertion as never)).toEqual({ accountId: account.id, credentialId });
    expect((await db.connectPasskey.findFirstOrThrow({ where: { id: stored.id } })).signCount).toBe(1n);
    await rejects(completeAuthentication(a.ctx, assertion as never), "challenge_invalid");
    // Another key claiming this credential id does not verify.
    const forged = passkeyDevice();
    const again = await authenticationOptions(a.ctx);
    await rejects(completeAuthentication(a.ctx, { ...forged.assert({ rpId: RP_ID, origin: ORIGIN, challenge: again.challenge }), id: credentialId, rawId: credentialId } as never), "passkey_authentication_invalid");
    // A passkey this tenant does not know.
    const unknown = await authenticationOptions(b.ctx);
    await rejects(completeAuthentication(b.ctx, device.assert({ rpId: RP_ID, origin: ORIGIN, challenge: unknown.challenge }) as never), "passkey_unknown");

    // The account's page data; its operations are its own.
    const view = await sessionAccount(a.ctx, account.id);
    expect(view).toMatchObject({ address: account.address, validator: "passkey", deployed: false, pending: [], recent: [] });
    expect(await sessionAccount(b.ctx, account.id)).toBeNull();
    await rejects(prepareTransfer(a.ctx, account.id, { token: "0x1234", to: account.address, amount: "1" }), "parameter_invalid");
    await rejects(prepareTransfer(a.ctx, account.id, { token: account.address, to: account.address, amount: "-1" }), "parameter_invalid");
    await rejects(prepareTransfer(b.ctx, account.id, { token: account.address, to: account.address, amount: "1" }), "resource_missing");
    await rejects(signWithPasskey(b.ctx, account.id, `0x${"ab".repeat(32)}`, "0x00"), "resource_missing");
  });

  it("the end-user session token is its own kind: not a Connect API session token, nor the other way round", async () => {
    const session = { tenantId: "ten_1", livemode: false, accountId: "ca_1", credentialId: "cred" };
    const token = await signEndUserSession(session);
    expect(await verifyEndUserSession(token)).toEqual(session);
    expect(await readSessionToken(token)).toBeNull();
    const api = await issueSessionToken({ tenantId: "ten_1", livemode: false, address: "0x0000000000000000000000000000000000000001", chainId: "80002", method: "siwe" });
    expect(await verifyEndUserSession(api.session_token)).toBeNull();
    const otherKey = await new SignJWT({ tid: "ten_1", live: false, cred: "cred" }).setProtectedHeader({ alg: "HS256", typ: "connect-end-user+jwt" })
      .setSubject("ca_1").setIssuer("token-platform/connect-pages").setAudience("connect-end-user").setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-of-at-least-32-characters!!"));
    expect(await verifyEndUserSession(otherKey)).toBeNull();
    expect(await verifyEndUserSession(`${token.slice(0, -2)}xx`)).toBeNull();
  });
});
