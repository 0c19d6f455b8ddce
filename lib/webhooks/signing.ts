// Standard Webhooks signing (https://www.standardwebhooks.com): secrets `whsec_<base64 key>`, and
// `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, one per valid secret.
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

/** A new signing secret: 32 random bytes, as the standard's libraries expect them. */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

/** The `webhook-signature` header: one `v1,…` entry per secret (two while a rotated secret is still valid). */
export function signatureHeader(secrets: string[], messageId: string, timestamp: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(messageId, timestamp, body)).join(" ");
}

/** The three Standard Webhooks headers of one delivery attempt. */
export function webhookHeaders(secrets: string[], messageId: string, timestamp: Date, body: string): Record<string, string> {
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    "webhook-signature": signatureHeader(secrets, messageId, timestamp, body),
  };
}
