// What the request log stores of a body (lib/request-log): the same text with every credential replaced.
import { describe, expect, it } from "vitest";
import { redactBody } from "./redact";

describe("redactBody", () => {
  it("replaces secret fields at any depth, and leaves ids, hashes and public keys alone", () => {
    const body = {
      id: "key_1", token: "tok_1", secret_last4: "Ab3x", redacted_secret: "sk_test_…Ab3x", public_key: "0x04aa",
      secret: "sk_test_abcdefghijklmnop", nested: [{ password: "p@ss", keystore_password: "k", signer_private_key: "0xkey" }],
      access_token: "a", refresh_token: "r", id_token: "i", session_token: "s", client_secret: "c", mnemonic: "m", keystore_json: { crypto: {} },
    };
    expect(JSON.parse(redactBody(JSON.stringify(body)))).toEqual({
      id: "key_1", token: "tok_1", secret_last4: "Ab3x", redacted_secret: "sk_test_…Ab3x", public_key: "0x04aa",
      secret: "[redacted]", nested: [{ password: "[redacted]", keystore_password: "[redacted]", signer_private_key: "[redacted]" }],
      access_token: "[redacted]", refresh_token: "[redacted]", id_token: "[redacted]", session_token: "[redacted]", client_secret: "[redacted]",
      mnemonic: "[redacted]", keystore_json: "[redacted]",
    });
  });

  it("replaces secret values wherever they appear, in text that is not JSON too", () => {
    const pem = "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEE\n-----END EC PRIVATE KEY-----";
    const text = `password=hunter2&note=sk_live_0123456789abcdef whsec_AbC+/= eyJhbGciOi.eyJzdWIi.sig ${pem} "secret": "x`;
    const out = redactBody(text);
    for (const secret of ["hunter2", "sk_live_0123456789abcdef", "whsec_AbC", "eyJhbGciOi.eyJzdWIi.sig", "MHcCAQEE", '"x']) expect(out).not.toContain(secret);
    expect(out).toContain("sk_live_[redacted]");
    expect(out).toContain("[redacted private key]");
  });

  it("leaves a body with nothing secret as it was, byte for byte", () => {
    const text = '{"object":"list","data":[{"id":"tok_1","name":"Acme"}],  "has_more":false}';
    expect(redactBody(text)).toBe(text);
  });
});
