// Secrets we must read back (webhook signing secrets): AES-256-GCM under a key derived from ENCRYPTION_KEY.
// Same sealed format as the wallet keys of lib/chain/wallets.ts: `v1:<iv>:<tag>:<ciphertext>` in base64.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

function encryptionKey() {
  const secret = process.env.ENCRYPTION_KEY;
  if (!secret || secret.length < 32) throw new Error("ENCRYPTION_KEY must be set to at least 32 characters");
  return createHash("sha256").update(secret).digest(); // any long secret → a 256-bit key
}

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
