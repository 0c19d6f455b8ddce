// A software passkey for tests of passkey accounts: a P-256 key from node:crypto that both registers
// (navigator.credentials.create's answer, attestation "none") and asserts (navigator.credentials.get's
// answer, DER signature over authenticatorData ‖ sha256(clientDataJSON)), the way a platform authenticator
// does; its counter goes up with every assertion.
import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { toHex, type Hex } from "viem";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

export function passkeyDevice() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const x = Buffer.from(jwk.x!, "base64url");
  const y = Buffer.from(jwk.y!, "base64url");
  const cose = Buffer.from(isoCBOR.encode(new Map<number, number | Uint8Array>([[1, 2], [3, -7], [-1, 1], [-2, new Uint8Array(x)], [-3, new Uint8Array(y)]])));
  const rawId = randomBytes(16);
  let counter = 0;
  const rpIdHash = (rpId: string) => createHash("sha256").update(rpId).digest();
  const counterBytes = () => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(counter);
    return b;
  };
  return {
    credentialId: b64url(rawId),
    x: toHex(x) as Hex,
    y: toHex(y) as Hex,
    /** RegistrationResponseJSON for `challenge` (base64url). */
    register({ rpId, origin, challenge }: { rpId: string; origin: string; challenge: string }) {
      const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.create", challenge, origin, crossOrigin: false }));
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const authData = Buffer.concat([rpIdHash(rpId), Buffer.from([0x45]) /* UP UV AT */, counterBytes(), Buffer.alloc(16), idLength, rawId, cose]);
      const attestationObject = isoCBOR.encode(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", new Uint8Array(authData)]]) as never);
      return {
        id: b64url(rawId),
        rawId: b64url(rawId),
        type: "public-key",
        response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ["internal"] },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    /** AuthenticationResponseJSON over `challenge` (base64url), user verified. */
    assert({ rpId, origin, challenge }: { rpId: string; origin: string; challenge: string }) {
      counter += 1;
      const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge, origin, crossOrigin: false }));
      const authenticatorData = Buffer.concat([rpIdHash(rpId), Buffer.from([0x05]) /* UP UV */, counterBytes()]);
      const signature = sign("sha256", Buffer.concat([authenticatorData, createHash("sha256").update(clientDataJSON).digest()]), { key: privateKey, dsaEncoding: "der" });
      return {
        id: b64url(rawId),
        rawId: b64url(rawId),
        type: "public-key",
        response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature), userHandle: undefined },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}
