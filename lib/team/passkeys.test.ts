// Passkeys as the second factor of a member's console sign-in, with real WebAuthn ceremonies: the project's soft
// authenticator (lib/connect/testing/passkeys) registers and signs; @simplewebauthn/server verifies.
import { describe, expect, it } from "vitest";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import { call, freshIp, newTenant } from "@/test/client";
import { softAuthenticator } from "@/lib/connect/testing/passkeys";
import { authorizeCredentials } from "@/lib/console/auth";
import { addPasskey, listPasskeys, registrationOptions, relyingPartyOf, removePasskey, signInOptions } from "./passkeys";
import { listAuditLog } from "./audit";
import { addMember, ownerOf } from "./testing";

const rp = relyingPartyOf("http://localhost:3000");
const headers = () => ({ host: "localhost:3000", "x-forwarded-for": freshIp() });

const codeOf = (promise: Promise<unknown>) => promise.then(() => null, (error) => (error instanceof ApiError ? error.code : String(error)));

/** A passkey registered for the member through a full ceremony. */
async function register(member: ReturnType<typeof ownerOf>, name: string) {
  const authenticator = softAuthenticator();
  const options = await registrationOptions(member, rp);
  expect(options).toMatchObject({ rp: { id: "localhost" }, user: { name: member.email }, attestation: "none" });
  const answer = authenticator.register({ rpId: rp.id, origin: rp.origin, challenge: options.challenge }) as unknown as RegistrationResponseJSON;
  return { authenticator, answer, passkey: await addPasskey(member, rp, answer, name) };
}

describe("member passkeys", () => {
  it("a registered passkey becomes the second factor of the console sign-in; each answer works once", async () => {
    const tenant = await newTenant("Passkeys");
    const owner = ownerOf(tenant);
    const { authenticator, answer, passkey } = await register(owner, "Work laptop");
    expect(await listPasskeys(owner.userId)).toEqual([{ object: "passkey", id: passkey.id, name: "Work laptop", created: expect.any(Number), last_used: null }]);
    // The registration's answer used its challenge: sent again, it is refused.
    expect(await codeOf(addPasskey(owner, rp, answer, "Again"))).toBe("passkey_invalid");

    const credentials = { email: tenant.email, password: tenant.password };
    // The password alone is no longer enough, on the console or through the API.
    expect(await codeOf(authorizeCredentials(credentials, headers()))).toBe("passkey_required");
    const login = await call("POST", "/auth/login", { ip: freshIp(), body: credentials });
    expect([login.status, login.body.error.code]).toEqual([401, "second_factor_required"]);

    const options = await signInOptions(owner.userId, rp);
    expect(options?.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentialId]);
    const assertion = JSON.stringify(authenticator.authenticate({ rpId: rp.id, origin: rp.origin, challenge: options!.challenge, counter: 7 }));
    expect(await authorizeCredentials({ ...credentials, passkey: assertion }, headers())).toMatchObject({ id: owner.userId, email: tenant.email });
    const stored = await db.userPasskey.findUniqueOrThrow({ where: { id: passkey.id } });
    expect([stored.counter, stored.lastUsedAt !== null]).toEqual([7n, true]);
    expect(await db.event.count({ where: { tenantId: owner.tenantId, type: "auth.login" } })).toBe(1);

    // Replayed, or signed for another origin, or by a passkey that is not theirs: refused.
    expect(await codeOf(authorizeCredentials({ ...credentials, passkey: assertion }, headers()))).toBe("passkey_invalid");
    const next = await signInOptions(owner.userId, rp);
    const phished = JSON.stringify(authenticator.authenticate({ rpId: rp.id, origin: "https://evil.example", challenge: next!.challenge, counter: 8 }));
    expect(await codeOf(authorizeCredentials({ ...credentials, passkey: phished }, headers()))).toBe("passkey_invalid");
    const stranger = softAuthenticator();
    const again = await signInOptions(owner.userId, rp);
    const foreign = JSON.stringify(stranger.authenticate({ rpId: rp.id, origin: rp.origin, challenge: again!.challenge }));
    expect(await codeOf(authorizeCredentials({ ...credentials, passkey: foreign }, headers()))).toBe("passkey_invalid");
    // A right passkey does not make a wrong password right.
    const last = await signInOptions(owner.userId, rp);
    const signed = JSON.stringify(authenticator.authenticate({ rpId: rp.id, origin: rp.origin, challenge: last!.challenge, counter: 9 }));
    expect(await authorizeCredentials({ email: tenant.email, password: "not the password 1", passkey: signed }, headers())).toBeNull();
  });

  it("a registration made for another origin is refused; passkeys are removed by their member only", async () => {
    const tenant = await newTenant("Passkey removal");
    const owner = ownerOf(tenant);
    const options = await registrationOptions(owner, rp);
    const elsewhere = softAuthenticator().register({ rpId: rp.id, origin: "https://evil.example", challenge: options.challenge }) as unknown as RegistrationResponseJSON;
    expect(await codeOf(addPasskey(owner, rp, elsewhere, "Phished"))).toBe("passkey_invalid");
    expect(await listPasskeys(owner.userId)).toEqual([]);

    const { passkey } = await register(owner, "Phone");
    const admin = await addMember(tenant, "admin");
    expect(await codeOf(removePasskey(admin.member, passkey.id))).toBe("resource_missing");
    await removePasskey(owner, passkey.id);
    expect(await authorizeCredentials({ email: tenant.email, password: tenant.password }, headers())).toMatchObject({ id: owner.userId });
    const actions = (await listAuditLog(owner, { limit: 10 })).data.map((e) => [e.action, e.detail.passkey]);
    expect(actions.filter(([a]) => String(a).startsWith("user.passkey"))).toEqual([
      ["user.passkey_removed", "Phone"],
      ["user.passkey_added", "Phone"],
    ]);
  });
});
