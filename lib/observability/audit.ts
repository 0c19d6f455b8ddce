// The tenant's audit log: one row per admin action (team, API keys, webhook endpoints, billing, settings, password),
// written by the service that does the action, in its own database transaction when it has one, so an action and
// its row commit together. Who acted comes from the running request (lib/core/actor): a member, an API key, or
// nobody (the platform itself). lib/team/audit.ts lists it; lib/retention prunes it after a year.
import { db, type Prisma } from "@/lib/db";
import { currentActor } from "@/lib/core/actor";
import { newId } from "@/lib/core/ids";
import { UNKNOWN_CLIENT } from "@/lib/http/client-ip";

export type AuditAction =
  | "member.invited"
  | "member.invitation_revoked"
  | "member.joined"
  | "member.role_changed"
  | "member.removed"
  | "user.password_changed"
  | "user.passkey_added"
  | "user.passkey_removed"
  | "api_key.created"
  | "api_key.rotated"
  | "api_key.revoked"
  | "webhook_endpoint.created"
  | "webhook_endpoint.updated"
  | "webhook_endpoint.deleted"
  | "webhook_endpoint.secret_rotated"
  | "billing.checkout_started"
  | "billing.crypto_checkout_created"
  | "settings.updated"
  | "feature.updated";

export interface AuditEntry {
  /** What the action was done to: an id (usr_…, key_…, we_…), or a name (a setting, a feature). */
  target?: string;
  /** What changed, as the page shows it (never a secret). */
  detail?: Prisma.InputJsonValue;
}

/** Records `action` by the current actor for `tenantId` (on `tx`: in the action's own transaction). */
export async function audit(tenantId: string, action: AuditAction, entry: AuditEntry = {}, tx: Pick<Prisma.TransactionClient, "auditLogEntry"> = db): Promise<void> {
  const actor = currentActor();
  await tx.auditLogEntry.create({
    data: {
      id: newId("alog"),
      tenantId,
      action,
      actorType: actor?.type ?? "system",
      actorId: actor?.id ?? null,
      actorLabel: actor?.label ?? null,
      target: entry.target ?? null,
      detail: entry.detail ?? {},
      ip: actor?.ip && actor.ip !== UNKNOWN_CLIENT ? actor.ip : null, // no trusted proxy names the client: none
    },
  });
}
