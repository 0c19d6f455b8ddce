// Secrets we must read back (wallet keys, webhook signing secrets, paymaster keys): AES-256-GCM under a key
// derived from ENCRYPTION_KEY, sealed as `v1:<iv>:<tag>:<ciphertext>` in base64.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { encryptionKey } from "./keys";

export function seal(plaintext: string | Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  const ciphertext = Buffer.concat([cipher.update(typeof plaintext === "string" ? Buffer.from(plaintext, "utf8") : plaintext), cipher.final()]);
  return ["v1", iv.toString("base64"), cipher.getAuthTag().toString("base64"), ciphertext.toString("base64")].join(":");
}

export function unsealBytes(sealed: string): Buffer {
  const [version, iv, tag, ciphertext] = sealed.split(":");
  if (version !== "v1" || !iv || !tag || ciphertext === undefined) throw new Error("unknown sealed secret format");
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64")), decipher.final()]);
}

export const unseal = (sealed: string): string => unsealBytes(sealed).toString("utf8");

/** A private key (wallets, session keys, paymaster signers), sealed as its 32 bytes. */
export const encryptPrivateKey = (privateKey: `0x${string}`): string => seal(Buffer.from(privateKey.slice(2), "hex"));

export const decryptPrivateKey = (sealed: string): `0x${string}` => `0x${unsealBytes(sealed).toString("hex")}`;
