// Passkeys over the API: a software P-256 authenticator's registration response, verified for real by
// @simplewebauthn/server against the tenant's rp_id, allowed origins and the challenge; list, delete,
// duplicates, tampering, tenant isolation, and the safety net (counted on chain: passkey rows alone count nothing).
import { describe, expect, it } from "vitest";
import { toHex } from "viem";
import { call, newTenant } from "@/test/client";
import { CHAIN_ID, newAccount } from "@/lib/connect/testing/oauth";
import { newChallenge, softAuthenticator } from "@/lib/connect/testing/passkeys";

const RP_ID = "dapp.example.com";
const ORIGIN = `https://${RP_ID}`;

async function passkeyTenant() {
  const t = await newTenant("Passkeys");
  await call("PUT", "/v1/settings/connect", { token: t.apiKey, body: { cors: { allowed_origins: [ORIGIN, "https://other.example.org"] }, passkeys: { rp_id: RP_ID, rp_name: "DApp" } } });
  return t;
}

const register = (apiKey: string, body: unknown) => call("POST", "/v1/connect/passkeys", { token: apiKey, body });

describe("Connect passkeys", () => {
  it("a verified registration is stored; list, safety net unchanged by passkey rows, delete", async () => {
    const t = await passkeyTenant();
    const { address } = await newAccount(t.apiKey);
    const net = await call("GET", `/v1/connect/accounts/${address}/safety-net?chain_id=${CHAIN_ID}`, { token: t.apiKey });
    expect(net.status).toBe(200);
    expect(net.body).toEqual({ object: "safety_net", address, chain_id: CHAIN_ID, has_safety_net: false, passkeys: 0, recovery_configured: false });

    const authenticator = softAuthenticator();
    const challenge = newChallenge();
    const res = await register(t.apiKey, { address, chain_id: CHAIN_ID, name: "Laptop", challenge, registration: authenticator.register({ rpId: RP_ID, origin: ORIGIN, challenge }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      object: "passkey", credential_id: authenticator.credentialId, address, chain_id: CHAIN_ID, name: "Laptop", public_key: authenticator.publicKey,
      public_key_x: toHex(authenticator.x), public_key_y: toHex(authenticator.y), algorithm: -7, sign_count: 0, transports: ["internal", "hybrid"],
      aaguid: "00000000-0000-0000-0000-000000000000", device_type: "singleDevice", backed_up: false, verified: true, livemode: false,
    });
    expect(res.body.id).toMatch(/^psk_/);

    // The same credential again: 409.
    const again = await register(t.apiKey, { address, chain_id: CHAIN_ID, challenge, registration: authenticator.register({ rpId: RP_ID, origin: ORIGIN, challenge }) });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("passkey_exists");

    // A second passkey given as metadata (no registration response): stored unverified. The account is owned by
    // an ECDSA key, so no passkey signs for it on chain and the safety net stays down.
    const second = softAuthenticator();
    const meta = await register(t.apiKey, { address, chain_id: CHAIN_ID, credential_id: second.credentialId, public_key: second.publicKey, transports: ["usb"] });
    expect(meta.status, JSON.stringify(meta.body)).toBe(201);
    expect(meta.body).toMatchObject({ verified: false, public_key_x: toHex(second.x), transports: ["usb"], aaguid: null });
    const up = await call("GET", `/v1/connect/accounts/${address}/safety-net?chain_id=${CHAIN_ID}`, { token: t.apiKey });
    expect(up.body).toMatchObject({ has_safety_net: false, passkeys: 0 });

    const list = await call("GET", `/v1/connect/accounts/${address}/passkeys`, { token: t.apiKey });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ object: "list", total: 2, has_more: false });
    expect(list.body.data.map((p: { credential_id: string }) => p.credential_id)).toEqual([second.credentialId, authenticator.credentialId]);
    const page = await call("GET", `/v1/connect/accounts/${address}/passkeys?chain_id=${CHAIN_ID}&limit=1`, { token: t.apiKey });
    expect(page.body).toMatchObject({ total: 2, has_more: true });

    const removed = await call("DELETE", `/v1/connect/accounts/${address}/passkeys/${second.credentialId}`, { token: t.apiKey });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: meta.body.id, object: "passkey", deleted: true, credential_id: second.credentialId });
    expect((await call("DELETE", `/v1/connect/accounts/${address}/passkeys/${second.credentialId}`, { token: t.apiKey })).status).toBe(404);
    expect((await call("GET", `/v1/connect/accounts/${address}/safety-net?chain_id=${CHAIN_ID}`, { token: t.apiKey })).body).toMatchObject({ has_safety_net: false, passkeys: 0 });
  });

  it("refuses a registration for another rp_id, origin or challenge, without user verification, or tampered with", async () => {
    const t = await passkeyTenant();
    const { address } = await newAccount(t.apiKey);
    const challenge = newChallenge();
    const attempt = (registration: Record<string, unknown>, c = challenge) => register(t.apiKey, { address, chain_id: CHAIN_ID, challenge: c, registration });
    const cases: [string, Record<string, unknown>, string?][] = [
      ["rp_id", softAuthenticator().register({ rpId: "evil.example.com", origin: ORIGIN, challenge })],
      ["origin not allowed", softAuthenticator().register({ rpId: RP_ID, origin: "https://evil.example.com", challenge })],
      ["allowed origin outside rp_id", softAuthenticator().register({ rpId: RP_ID, origin: "https://other.example.org", challenge })],
      ["challenge", softAuthenticator().register({ rpId: RP_ID, origin: ORIGIN, challenge: newChallenge() })],
      ["user verification", softAuthenticator().register({ rpId: RP_ID, origin: ORIGIN, challenge, userVerified: false })],
      ["ceremony type", softAuthenticator().register({ rpId: RP_ID, origin: ORIGIN, challenge, type: "webauthn.get" })],
    ];
    for (const [what, registration] of cases) {
      const res = await attempt(registration);
      expect(res.status, what).toBe(400);
      expect(res.body.error.code, what).toBe("passkey_registration_invalid");
      expect(res.body.error.param).toBe("registration");
    }
    // A registration response whose id does not match the credential inside it.
    const tampered = softAuthenticator().register({ rpId: RP_ID, origin: ORIGIN, challenge });
    const res = await attempt({ ...tampered, id: softAuthenticator().credentialId, rawId: softAuthenticator().credentialId });
    expect(res.status).toBe(400);
    // Missing challenge, both forms at once, a public key that is not COSE P-256.
    expect((await register(t.apiKey, { address, chain_id: CHAIN_ID, registration: tampered })).body.error.param).toBe("challenge");
    const a = softAuthenticator();
    expect((await register(t.apiKey, { address, chain_id: CHAIN_ID, challenge, registration: tampered, credential_id: a.credentialId, public_key: a.publicKey })).status).toBe(400);
    const notCose = await register(t.apiKey, { address, chain_id: CHAIN_ID, credential_id: a.credentialId, public_key: "AAAA" });
    expect(notCose.status).toBe(400);
    expect(notCose.body.error.param).toBe("public_key");
    expect((await call("GET", `/v1/connect/accounts/${address}/passkeys`, { token: t.apiKey })).body.total).toBe(0);

    // Without rp_id configured, registrations cannot be verified.
    const bare = await newTenant("NoRp");
    const { address: bareAddress } = await newAccount(bare.apiKey);
    const noRp = await register(bare.apiKey, { address: bareAddress, chain_id: CHAIN_ID, challenge, registration: softAuthenticator().register({ rpId: RP_ID, origin: ORIGIN, challenge }) });
    expect(noRp.body.error.code).toBe("passkeys_not_configured");
  });

  it("another tenant's account and passkeys answer 404", async () => {
    const a = await passkeyTenant();
    const b = await passkeyTenant();
    const { address } = await newAccount(a.apiKey);
    const key = softAuthenticator();
    expect((await register(a.apiKey, { address, chain_id: CHAIN_ID, credential_id: key.credentialId, public_key: key.publicKey })).status).toBe(201);
    expect((await register(b.apiKey, { address, chain_id: CHAIN_ID, credential_id: softAuthenticator().credentialId, public_key: key.publicKey })).status).toBe(404);
    expect((await call("GET", `/v1/connect/accounts/${address}/passkeys`, { token: b.apiKey })).status).toBe(404);
    expect((await call("DELETE", `/v1/connect/accounts/${address}/passkeys/${key.credentialId}`, { token: b.apiKey })).status).toBe(404);
    expect((await call("GET", `/v1/connect/accounts/${address}/safety-net?chain_id=${CHAIN_ID}`, { token: b.apiKey })).status).toBe(404);
    // B's own account cannot reach A's passkey either.
    const { address: bAddress } = await newAccount(b.apiKey);
    expect((await call("DELETE", `/v1/connect/accounts/${bAddress}/passkeys/${key.credentialId}`, { token: b.apiKey })).status).toBe(404);
    expect((await call("GET", `/v1/connect/accounts/${address}/passkeys`, { token: a.apiKey })).body.total).toBe(1);
  });
});
