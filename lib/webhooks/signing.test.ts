// Our signer against the Standard Webhooks test vector and the official verifier.
import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { newSigningSecret, signatureHeader, webhookHeaders } from "./signing";
import { seal, unseal } from "@/lib/crypto/secrets";

describe("Standard Webhooks signing", () => {
  it("reproduces the standard's JavaScript test vector", () => {
    const header = signatureHeader(["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"], "msg_p5jXN8AQM9LWM0D4loKWxJek", new Date(1614265330 * 1000), '{"test": 2432232314}');
    expect(header).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("the official verifier accepts our headers and rejects a tampered body", () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ id: "evt_1", object: "event", type: "token.minted", created: 1, data: { object: { id: "tok_1" } } });
    const headers = webhookHeaders([secret], "evt_1", new Date(), body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace("tok_1", "tok_2"), headers)).toThrow(/No matching signature/);
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow(/No matching signature/);
  });

  it("signs with every valid secret during a rotation, so either verifies", () => {
    const [current, previous] = [newSigningSecret(), newSigningSecret()];
    const headers = webhookHeaders([current, previous], "evt_2", new Date(), "{}");
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    new Webhook(current).verify("{}", headers);
    new Webhook(previous).verify("{}", headers);
  });

  it("secrets are sealed at rest and read back", () => {
    const secret = newSigningSecret();
    const sealed = seal(secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(unseal(sealed)).toBe(secret);
    expect(() => unseal(sealed.replace(/.$/, (c) => (c === "A" ? "B" : "A")))).toThrow();
  });
});
