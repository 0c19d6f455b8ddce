// The two keys the app derives from its environment: AUTH_SECRET signs every JWT we issue (console and API
// sessions, Connect session tokens, end-user sessions; each kind has its own audience or type), and
// ENCRYPTION_KEY seals what we must read back (wallet keys, webhook secrets: ./secrets).
import { createHash } from "node:crypto";

let signing: Uint8Array | undefined;

/** The HS256 key of our JWTs. */
export function jwtSigningKey(): Uint8Array {
  const secret = process.env.AUTH_SECRET;
  if (!secret || secret.length < 32) throw new Error("AUTH_SECRET must be set to at least 32 characters");
  return (signing ??= new TextEncoder().encode(secret));
}

/** The AES-256 key of sealed secrets: any long secret, hashed to 256 bits. */
export function encryptionKey(): Buffer {
  const secret = process.env.ENCRYPTION_KEY;
  if (!secret || secret.length < 32) throw new Error("ENCRYPTION_KEY must be set to at least 32 characters");
  return createHash("sha256").update(secret).digest();
}
