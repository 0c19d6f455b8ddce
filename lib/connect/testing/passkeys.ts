// A software WebAuthn authenticator for tests: a P-256 key from node:crypto, a COSE public key, the
// authenticator data WebAuthn specifies (rpIdHash, flags, counter, attested credential data) and an
// attestation object of format "none" in CBOR: what a browser hands back from navigator.credentials.create; and
// the assertion navigator.credentials.get hands back (the authenticator data and its ES256 signature).
import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

export interface SoftAuthenticator {
  credentialId: string;
  /** COSE_Key (ES256, P-256), base64url. */
  publicKey: string;
  x: Uint8Array;
  y: Uint8Array;
  /** navigator.credentials.create()'s answer, as @simplewebauthn/browser gives it (RegistrationResponseJSON). */
  register(options: { rpId: string; origin: string; challenge: string; userVerified?: boolean; type?: string }): Record<string, unknown>;
  /** navigator.credentials.get()'s answer, as @simplewebauthn/browser gives it (AuthenticationResponseJSON). */
  authenticate(options: { rpId: string; origin: string; challenge: string; counter?: number; userVerified?: boolean }): Record<string, unknown>;
}

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

export function softAuthenticator(): SoftAuthenticator {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const x = Buffer.from(jwk.x!, "base64url");
  const y = Buffer.from(jwk.y!, "base64url");
  const cose = isoCBOR.encode(new Map<number, number | Uint8Array>([[1, 2], [3, -7], [-1, 1], [-2, new Uint8Array(x)], [-3, new Uint8Array(y)]]));
  const rawId = new Uint8Array(randomBytes(16));
  return {
    credentialId: b64url(rawId),
    publicKey: b64url(cose),
    x,
    y,
    register({ rpId, origin, challenge, userVerified = true, type = "webauthn.create" }) {
      const clientDataJSON = Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
      const flags = 0x01 /* UP */ | (userVerified ? 0x04 : 0) /* UV */ | 0x40; /* AT */
      const counter = Buffer.alloc(4); // 0: a fresh credential
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const authData = Buffer.concat([
        createHash("sha256").update(rpId).digest(),
        Buffer.from([flags]),
        counter,
        Buffer.alloc(16), // AAGUID: none
        idLength,
        rawId,
        cose,
      ]);
      const attestationObject = isoCBOR.encode(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", new Uint8Array(authData)]]) as never);
      return {
        id: isoBase64URL.fromBuffer(rawId),
        rawId: isoBase64URL.fromBuffer(rawId),
        type: "public-key",
        response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ["internal", "hybrid"] },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    authenticate({ rpId, origin, challenge, counter = 1, userVerified = true }) {
      const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge, origin, crossOrigin: false }));
      const count = Buffer.alloc(4);
      count.writeUInt32BE(counter);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x01 /* UP */ | (userVerified ? 0x04 : 0) /* UV */]), count]);
      const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), privateKey); // ECDSA, DER-encoded as WebAuthn sends it
      return {
        id: isoBase64URL.fromBuffer(rawId),
        rawId: isoBase64URL.fromBuffer(rawId),
        type: "public-key",
        response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature) },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}

export const newChallenge = () => randomBytes(32).toString("base64url");
