// Passkey-owned smart accounts: a Kernel v3.1 account whose root validator is our PasskeyValidator
// (contracts/connect/PasskeyValidator.sol) holding one P-256 public key. Its install data is
// `abi.encode(bytes32 x, bytes32 y, bool requireUV = true)`; its user operations are signed by a WebAuthn
// assertion whose challenge is the userOpHash, laid out flat as OpenZeppelin's WebAuthn.tryDecodeAuth reads
// it: `abi.encode(r, s, challengeIndex, typeIndex, authenticatorData, clientDataJSON)`, s low.
//
// The account's `signer` (what registration is idempotent on, per tenant, mode and chain) is the passkey's
// key id: the last 20 bytes of keccak256(x ‖ y), address-shaped, the way an Ethereum address is derived
// from a secp256k1 key. The same public key on the same chain always gives the same account.
import { concatHex, encodeAbiParameters, getAddress, keccak256, toHex, type Address, type Hex } from "viem";
import { db } from "@/lib/db";
import { invalidRequest } from "@/lib/core/errors";
import type { Scope } from "@/lib/core/scope";

export interface PasskeyKey {
  x: Hex;
  y: Hex;
}

const BYTES32 = /^0x[0-9a-fA-F]{64}$/;

/** The passkey's key id (the account's `signer`): last 20 bytes of keccak256(x ‖ y), checksummed. */
export const passkeyKeyId = (key: PasskeyKey): Address => getAddress(`0x${keccak256(concatHex([key.x, key.y])).slice(-40)}`);

/** PasskeyValidator.onInstall data: abi.encode(x, y, requireUV). User verification is always required. */
export const passkeyInstallData = (key: PasskeyKey): Hex =>
  encodeAbiParameters([{ type: "bytes32" }, { type: "bytes32" }, { type: "bool" }], [key.x, key.y, true]);

/**
 * The P-256 key of a passkey account: from a passkey the tenant stored (`credential_id`, POST
 * /v1/connect/passkeys) or given as its coordinates (`public_key_x`, `public_key_y`, 32-byte hex).
 */
export async function resolvePasskeyKey(
  scope: Scope,
  input: { credential_id?: string; public_key_x?: string; public_key_y?: string },
): Promise<PasskeyKey> {
  if (input.credential_id) {
    if (input.public_key_x || input.public_key_y) {
      throw invalidRequest("parameter_invalid", "Send either credential_id or public_key_x + public_key_y, not both.", "credential_id");
    }
    const passkey = await db.connectPasskey.findFirst({
      where: { tenantId: scope.tenantId, livemode: scope.livemode, credentialId: input.credential_id.replace(/=+$/, "") },
    });
    if (!passkey) {
      throw invalidRequest("passkey_unknown", `No passkey with credential id '${input.credential_id.slice(0, 100)}' is stored (POST /v1/connect/passkeys).`, "credential_id");
    }
    if (!passkey.publicKeyX || !passkey.publicKeyY) {
      throw invalidRequest("passkey_algorithm_unsupported", "This passkey has no P-256 public key.", "credential_id");
    }
    return { x: passkey.publicKeyX as Hex, y: passkey.publicKeyY as Hex };
  }
  if (!input.public_key_x) throw invalidRequest("parameter_missing", "Missing required parameter: public_key_x (or credential_id)", "public_key_x");
  if (!input.public_key_y) throw invalidRequest("parameter_missing", "Missing required parameter: public_key_y (or credential_id)", "public_key_y");
  for (const param of ["public_key_x", "public_key_y"] as const) {
    if (!BYTES32.test(input[param]!)) throw invalidRequest("parameter_invalid", `Invalid ${param}: must be 32 bytes of 0x-prefixed hex`, param);
  }
  const key = { x: input.public_key_x.toLowerCase() as Hex, y: input.public_key_y.toLowerCase() as Hex };
  if (BigInt(key.x) === 0n && BigInt(key.y) === 0n) throw invalidRequest("parameter_invalid", "Invalid public key: the point at infinity", "public_key_x");
  return key;
}

// ---- gas estimation ----
// alto estimates validation with a stub signature; the validator's challenge check fails on it before the
// P-256 verification runs, so the estimate leaves that verification out (FACTS.md). Operations of passkey
// accounts therefore get a fixed verification-gas margin on top of the estimate, and are estimated with a
// stub of a real assertion's shape and size (so preVerificationGas, which prices calldata, is not short).

/** Added to the bundler's verificationGasLimit for a passkey-validated operation (P-256 in Solidity costs ~200k+). */
export const PASSKEY_VERIFICATION_GAS_MARGIN = 400_000n;

/**
 * A stub in the passkey layout, at least as long and as non-zero as a real assertion from an origin of up
 * to ~120 characters: 37 bytes of authenticator data and a clientDataJSON with a 43-character challenge.
 */
export const PASSKEY_STUB_SIGNATURE: Hex = (() => {
  const clientDataJSON = JSON.stringify({
    type: "webauthn.get",
    challenge: "f".repeat(43),
    origin: `https://${"w".repeat(100)}.example.com`,
    crossOrigin: false,
    other_keys_can_be_added_here: "x".repeat(60),
  });
  const authenticatorData = toHex(new Uint8Array(37).fill(0xfe));
  return encodeAbiParameters(
    [{ type: "bytes32" }, { type: "bytes32" }, { type: "uint256" }, { type: "uint256" }, { type: "bytes" }, { type: "string" }],
    [`0x${"ff".repeat(32)}`, `0x${"7f".repeat(32)}`, BigInt(clientDataJSON.indexOf('"challenge":"')), BigInt(clientDataJSON.indexOf('"type":"')), authenticatorData, clientDataJSON],
  );
})();
