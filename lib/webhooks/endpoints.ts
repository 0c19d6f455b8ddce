// Webhook endpoints of a tenant, per mode (the mode of the API key). The signing secret is shown at
// creation and rotation only and kept encrypted, since signing needs the plaintext.
import type { z } from "zod";
import { db } from "@/lib/db";
import { newId, unixSeconds } from "@/lib/api/ids";
import { invalidRequest, notFound } from "@/lib/api/errors";
import { paginate } from "@/lib/api/pagination";
import { seal } from "@/lib/crypto/secrets";
import type { Caller } from "@/lib/api/credentials";
import type { WebhookEndpoint } from "@/lib/generated/prisma/client";
import type { ListParams } from "@/lib/schemas/common";
import { MAX_METADATA_KEYS, type CreateWebhookEndpointInput, type UpdateWebhookEndpointInput } from "@/lib/schemas/webhooks";
import { newSigningSecret } from "./signing";
import { checkEndpointUrl } from "./urls";
import { assertWebhookEndpointQuota } from "@/lib/billing/quotas";

/** Whose endpoints: the tenant, in the mode of the caller's key. */
export interface Scope {
  tenantId: string;
  livemode: boolean;
}

/** The caller's scope: a live key sees live endpoints, a test key (or a session) test ones. */
export const scopeOf = (caller: Caller): Scope => ({ tenantId: caller.tenantId, livemode: caller.apiKey?.environment === "live" });

export const MAX_ENDPOINTS = 16;
const ROTATION_GRACE_MS = 24 * 3600 * 1000;

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
    disabled_reason: endpoint.disabledReason as "failing" | "requested" | null,
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
  const count = await db.webhookEndpoint.count({ where: { tenantId: scope.tenantId, livemode: scope.livemode } });
  if (count >= MAX_ENDPOINTS) {
    throw invalidRequest("webhook_endpoint_limit", `A tenant may have at most ${MAX_ENDPOINTS} webhook endpoints per mode; delete one first.`);
  }
  await assertWebhookEndpointQuota(scope.tenantId); // the plan's webhook endpoints, both modes (lib/billing/quotas)
  const secret = newSigningSecret();
  const endpoint = await db.webhookEndpoint.create({
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
  return serializeEndpoint(endpoint, secret);
}

export const listEndpoints = (scope: Scope, params: ListParams) =>
  paginate(db.webhookEndpoint, { tenantId: scope.tenantId, livemode: scope.livemode }, params, (e) => serializeEndpoint(e));

export const getEndpoint = async (scope: Scope, id: string) => serializeEndpoint(await findEndpoint(scope, id));

export async function updateEndpoint(scope: Scope, id: string, input: z.output<typeof UpdateWebhookEndpointInput>) {
  const endpoint = await findEndpoint(scope, id);
  const updated = await db.webhookEndpoint.update({
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
  return serializeEndpoint(updated);
}

export async function deleteEndpoint(scope: Scope, id: string) {
  const endpoint = await findEndpoint(scope, id);
  await db.webhookEndpoint.delete({ where: { id: endpoint.id } }); // its deliveries go with it; pending runs find nothing and stop
  return { id: endpoint.id, object: "webhook_endpoint" as const, deleted: true as const };
}

/** A new secret; the current one keeps signing (a second signature) for 24 hours. */
export async function rotateSecret(scope: Scope, id: string) {
  const endpoint = await findEndpoint(scope, id);
  const secret = newSigningSecret();
  const updated = await db.webhookEndpoint.update({
    where: { id: endpoint.id },
    data: {
      encryptedSecret: seal(secret),
      encryptedPreviousSecret: endpoint.encryptedSecret,
      previousSecretExpiresAt: new Date(Date.now() + ROTATION_GRACE_MS),
    },
  });
  return serializeEndpoint(updated, secret);
}
