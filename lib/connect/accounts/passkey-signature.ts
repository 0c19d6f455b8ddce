// A WebAuthn assertion (navigator.credentials.get's answer, as @simplewebauthn/browser gives it: base64url
// fields, a DER ECDSA signature) → the PasskeyValidator's signature layout, the flat
// `abi.encode(r, s, challengeIndex, typeIndex, authenticatorData, clientDataJSON)` OpenZeppelin's
// WebAuthn.tryDecodeAuth reads, with s low (the verifier refuses high s). Pure: runs in the browser too.
import { encodeAbiParameters, toHex, type Hex } from "viem";

const P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

function fromBase64url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  const binary = atob(b64);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** r and s of a DER-encoded ECDSA signature (SEQUENCE { INTEGER r, INTEGER s }). */
export function derToRS(der: Uint8Array): { r: bigint; s: bigint } {
  let i = 0;
  const fail = () => {
    throw new Error("not a DER ECDSA signature");
  };
  if (der[i++] !== 0x30) fail();
  let length = der[i++];
  if (length & 0x80) i += length & 0x7f; // long form (never for P-256, tolerated)
  const integer = () => {
    if (der[i++] !== 0x02) fail();
    length = der[i++];
    const bytes = der.subarray(i, i + length);
    if (bytes.length !== length || length === 0 || length > 33) fail();
    i += length;
    return BigInt(toHex(bytes));
  };
  const r = integer();
  const s = integer();
  return { r, s };
}

export interface AssertionParts {
  /** base64url, as in AuthenticationResponseJSON.response */
  authenticatorData: string;
  clientDataJSON: string;
  signature: string;
}

/** The validator's signature for an assertion (the challenge inside clientDataJSON is the signed hash). */
export function passkeySignature(assertion: AssertionParts): Hex {
  const clientDataJSON = new TextDecoder().decode(fromBase64url(assertion.clientDataJSON));
  const challengeIndex = clientDataJSON.indexOf('"challenge":"');
  const typeIndex = clientDataJSON.indexOf('"type":"');
  if (challengeIndex < 0 || typeIndex < 0) throw new Error("clientDataJSON has no challenge or type");
  const { r, s } = derToRS(fromBase64url(assertion.signature));
  const low = s > P256_N / 2n ? P256_N - s : s;
  return encodeAbiParameters(
    [{ type: "bytes32" }, { type: "bytes32" }, { type: "uint256" }, { type: "uint256" }, { type: "bytes" }, { type: "string" }],
    [toHex(r, { size: 32 }), toHex(low, { size: 32 }), BigInt(challengeIndex), BigInt(typeIndex), toHex(fromBase64url(assertion.authenticatorData)), clientDataJSON],
  );
}

/** The WebAuthn challenge for a user operation: its hash's 32 bytes, base64url (what credentials.get signs over). */
export function userOpChallenge(userOpHash: Hex): string {
  const bytes = Uint8Array.from(userOpHash.slice(2).match(/../g)!, (h) => parseInt(h, 16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
