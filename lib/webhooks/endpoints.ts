// Webhook endpoints of a tenant, per mode (the mode of the API key). The signing secret is shown at
// creation and rotation only and kept encrypted, since signing needs the plaintext.
import type { z } from "zod";
import { db } from "@/lib/db";
import { createOnce } from "@/lib/db/answer-once";
import { newId, unixSeconds } from "@/lib/core/ids";
import { invalidRequest, notFound } from "@/lib/core/errors";
import { paginate } from "@/lib/core/pagination";
import { seal } from "@/lib/crypto/secrets";
import { audit } from "@/lib/observability/audit";
import type { Scope } from "@/lib/core/scope";
import type { WebhookEndpoint } from "@/lib/generated/prisma/client";
import type { ListParams } from "@/lib/schemas/common";
import { MAX_METADATA_KEYS, type CreateWebhookEndpointInput, type UpdateWebhookEndpointInput } from "@/lib/schemas/webhooks";
import { newSigningSecret } from "./signing";
import { checkEndpointUrl } from "./urls";

const ROTATION_GRACE_MS = 24 * 3600 * 1000;

// The plan's limit on endpoints (lib/billing/quotas/service), registered by lib/composition: lib/webhooks is
// infrastructure and knows no plan.
let endpointQuota: ((tenantId: string) => Promise<void>) | undefined;
export const registerEndpointQuota = (check: (tenantId: string) => Promise<void>) => void (endpointQuota = check);

export function serializeEndpoint(endpoint: WebhookEndpoint, secret?: string) {
  const previousValid = endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > new Date();
  return {
    object: "webhook_endpoint" as const,
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    description: endpoint.description,
    metadata: endpoint.metadata as Record<string, string>,
    status: endpoint.status as "enabled" | "disabled",
    disabled_reason: endpoint.disabledReason as "failing" | "requested" | "gone" | null,
    livemode: endpoint.livemode,
    ...(secret ? { secret } : {}),
    previous_secret_expires: previousValid ? unixSeconds(endpoint.previousSecretExpiresAt!) : null,
    created: unixSeconds(endpoint.createdAt),
    updated: unixSeconds(endpoint.updatedAt),
  };
}

/** Metadata after an update: keys merged in, keys set to "" removed, at most 50 keys in the end. */
function mergeMetadata(current: Record<string, string>, changes: Record<string, string>) {
  const merged = { ...current, ...changes };
  for (const [key, value] of Object.entries(merged)) if (value === "") delete merged[key];
  if (Object.keys(merged).length > MAX_METADATA_KEYS) {
    throw invalidRequest("parameter_invalid", `Invalid metadata: at most ${MAX_METADATA_KEYS} keys (after merging with the stored ones)`, "metadata");
  }
  return merged;
}

export async function findEndpoint(scope: Scope, id: string): Promise<WebhookEndpoint> {
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id, tenantId: scope.tenantId, livemode: scope.livemode } });
  if (!endpoint) throw notFound("webhook_endpoint", id);
  return endpoint;
}

export async function createEndpoint(scope: Scope, input: z.output<typeof CreateWebhookEndpointInput>) {
  const url = checkEndpointUrl(input.url, scope.livemode);
  // The plan's limit is the only one (both modes together): no second, per-mode number here.
  if (!endpointQuota) throw new Error('lib/webhooks: no endpoint quota is registered: import "@/lib/composition" in the entry point');
  await endpointQuota(scope.tenantId); // the plan's webhook endpoints, both modes
  const secret = newSigningSecret();
  // The answer (with its secret) commits with the row: a retry after a failure past the commit replays it.
  return createOnce("webhook_endpoint", async (tx) => {
    const created = await tx.webhookEndpoint.create({
      data: {
      id: newId("we"),
      tenantId: scope.tenantId,
      livemode: scope.livemode,
      url,
      events: input.events,
      description: input.description || null,
      metadata: mergeMetadata({}, input.metadata ?? {}),
      encryptedSecret: seal(secret),
      },
    });
    await audit(scope.tenantId, "webhook_endpoint.created", { target: created.id, detail: { url, events: input.events, livemode: scope.livemode } }, tx);
    return serializeEndpoint(created, secret);
  });
}

export const listEndpoints = (scope: Scope, params: ListParams) =>
  paginate(db.webhookEndpoint, { tenantId: scope.tenantId, livemode: scope.livemode }, params, (e) => serializeEndpoint(e));

export const getEndpoint = async (scope: Scope, id: string) => serializeEndpoint(await findEndpoint(scope, id));

export async function updateEndpoint(scope: Scope, id: string, input: z.output<typeof UpdateWebhookEndpointInput>) {
  const endpoint = await findEndpoint(scope, id);
  const changed = Object.entries(input).flatMap(([field, value]) => (value === undefined || field === "idempotency_key" ? [] : [field]));
  const updated = await db.$transaction(async (tx) => {
    await audit(scope.tenantId, "webhook_endpoint.updated", { target: endpoint.id, detail: { fields: changed, livemode: scope.livemode } }, tx);
    return tx.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: {
        ...(input.url !== undefined ? { url: checkEndpointUrl(input.url, scope.livemode) } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        ...(input.metadata !== undefined ? { metadata: mergeMetadata(endpoint.metadata as Record<string, string>, input.metadata) } : {}),
        ...(input.disabled === true ? { status: "disabled", disabledReason: "requested" } : {}),
        // Re-enabling starts a fresh failure streak, so the endpoint gets its 5 days again.
        ...(input.disabled === false ? { status: "enabled", disabledReason: null, failingSince: null } : {}),
      },
    });
  });
  return serializeEndpoint(updated);
}

export async function deleteEndpoint(scope: Scope, id: string) {
  const endpoint = await findEndpoint(scope, id);
  await db.$transaction(async (tx) => {
    await tx.webhookEndpoint.delete({ where: { id: endpoint.id } }); // its deliveries go with it; pending runs find nothing and stop
    await audit(scope.tenantId, "webhook_endpoint.deleted", { target: endpoint.id, detail: { url: endpoint.url, livemode: scope.livemode } }, tx);
  });
  return { id: endpoint.id, object: "webhook_endpoint" as const, deleted: true as const };
}

/** A new secret; the current one keeps signing (a second signature) for 24 hours. */
export async function rotateSecret(scope: Scope, id: string) {
  const endpoint = await findEndpoint(scope, id);
  const secret = newSigningSecret();
  // The new secret commits with the answer that shows it: a retry after a failure past the commit replays it
  // rather than rotating again (which would stop signing with the secret the receivers hold).
  return createOnce("webhook_secret_rotation", async (tx) => {
    await audit(scope.tenantId, "webhook_endpoint.secret_rotated", { target: endpoint.id, detail: { livemode: scope.livemode } }, tx);
    const updated = await tx.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: {
        encryptedSecret: seal(secret),
        encryptedPreviousSecret: endpoint.encryptedSecret,
        previousSecretExpiresAt: new Date(Date.now() + ROTATION_GRACE_MS),
      },
    });
    return serializeEndpoint(updated, secret);
  });
}
