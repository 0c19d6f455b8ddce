// API keys: secrets are random, shown once, and stored only as SHA-256 hashes (they carry 190 bits of
// entropy, so a slow hash would add nothing but cost on every request).
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { db } from "@/lib/db";
import { createOnce } from "@/lib/db/answer-once";
import { newId, unixSeconds } from "@/lib/core/ids";
import { notFound, invalidRequest } from "@/lib/core/errors";
import { hashSecret } from "@/lib/core/secrets";
import { paginate } from "@/lib/core/pagination";
import { emit } from "@/lib/webhooks/emit";
import { audit } from "@/lib/observability/audit";
import type { ApiKey } from "@/lib/generated/prisma/client";
import type { ListParams } from "@/lib/schemas/common";
import type { CreateApiKeyInput, RotateApiKeyInput } from "@/lib/schemas/api-keys";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
function randomBase62(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = "";
  for (const b of bytes) {
    if (b < 248) out += BASE62[b % 62]; // 248 = 4 * 62: no modulo bias
    if (out.length === length) return out;
  }
  return out + randomBase62(length - out.length);
}

const newSecret = (environment: string) => `sk_${environment}_${randomBase62(32)}`;

export function serializeApiKey(key: ApiKey, secret?: string) {
  return {
    object: "api_key" as const,
    id: key.id,
    name: key.name,
    environment: key.environment as "test" | "live",
    ...(secret ? { secret } : {}),
    redacted_secret: `sk_${key.environment}_…${key.secretLast4}`,
    publishable: key.publishable,
    created: unixSeconds(key.createdAt),
    last_used: key.lastUsedAt ? unixSeconds(key.lastUsedAt) : null,
    revoked: key.revokedAt ? unixSeconds(key.revokedAt) : null,
    previous_secret_expires:
      key.previousSecretExpiresAt && key.previousSecretExpiresAt > new Date() ? unixSeconds(key.previousSecretExpiresAt) : null,
  };
}

export async function createApiKey(tenantId: string, input: z.output<typeof CreateApiKeyInput>) {
  const secret = newSecret(input.environment);
  // The answer (with its secret) commits with the row: a retry after a failure past the commit replays it.
  return createOnce("api_key", async (tx) => {
    const key = await tx.apiKey.create({
      data: {
        id: newId("key"),
        tenantId,
        name: input.name,
        environment: input.environment,
        secretHash: hashSecret(secret),
        secretLast4: secret.slice(-4),
        publishable: `pk_${input.environment}_${randomBase62(24)}`,
      },
    });
    await emit(tenantId, "api_key.created", serializeApiKey(key), tx);
    await audit(tenantId, "api_key.created", { target: key.id, detail: { name: key.name, environment: key.environment } }, tx);
    return serializeApiKey(key, secret);
  });
}

export const listApiKeys = (tenantId: string, params: ListParams) =>
  paginate(db.apiKey, { tenantId }, params, (k) => serializeApiKey(k));

async function findKey(tenantId: string, id: string) {
  const key = await db.apiKey.findFirst({ where: { id, tenantId } });
  if (!key) throw notFound("api_key", id);
  return key;
}

export const getApiKey = async (tenantId: string, id: string) => serializeApiKey(await findKey(tenantId, id));

/** Revokes the key at once, the previous secret of a rotation included. Revoking twice is harmless. */
export async function revokeApiKey(tenantId: string, id: string) {
  const key = await findKey(tenantId, id);
  if (key.revokedAt) return serializeApiKey(key);
  return db.$transaction(async (tx) => {
    const revoked = await tx.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date(), previousSecretExpiresAt: null } });
    await emit(tenantId, "api_key.revoked", serializeApiKey(revoked), tx);
    await audit(tenantId, "api_key.revoked", { target: key.id, detail: { name: key.name, environment: key.environment } }, tx);
    return serializeApiKey(revoked);
  });
}

/** Issues a new secret; the old one keeps working for the grace period. */
export async function rotateApiKey(tenantId: string, id: string, input: z.output<typeof RotateApiKeyInput>) {
  const key = await findKey(tenantId, id);
  if (key.revokedAt) throw invalidRequest("api_key_revoked", "A revoked API key cannot be rotated; create a new key.", "id");
  const secret = newSecret(key.environment);
  // The new secret commits with the answer that shows it: a retry after a failure past the commit replays it
  // rather than rotating again (which would drop the secret the caller still holds for one never shown).
  return createOnce("api_key_rotation", async (tx) => {
    const rotated = await tx.apiKey.update({
      where: { id: key.id },
      data: {
        secretHash: hashSecret(secret),
        secretLast4: secret.slice(-4),
        previousSecretHash: input.grace_period_seconds > 0 ? key.secretHash : null,
        previousSecretExpiresAt: input.grace_period_seconds > 0 ? new Date(Date.now() + input.grace_period_seconds * 1000) : null,
      },
    });
    await emit(tenantId, "api_key.rotated", serializeApiKey(rotated), tx);
    await audit(tenantId, "api_key.rotated", { target: key.id, detail: { name: key.name, environment: key.environment, grace_period_seconds: input.grace_period_seconds } }, tx);
    return serializeApiKey(rotated, secret);
  });
}
