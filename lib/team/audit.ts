// The audit log as the console lists it: newest first, paginated, each entry naming who acted (a member by the
// e-mail they had then, an API key by its name) and from which IP. Owners and admins read it.
import { db } from "@/lib/db";
import { paginate } from "@/lib/core/pagination";
import { unixSeconds } from "@/lib/core/ids";
import { requireRole } from "@/lib/core/roles";
import type { AuditLogEntry } from "@/lib/generated/prisma/client";
import type { ListParams } from "@/lib/schemas/common";
import type { Member } from "./members";

const serialize = (entry: AuditLogEntry, keyNames: Map<string, string>) => ({
  object: "audit_log_entry" as const,
  id: entry.id,
  action: entry.action,
  actor: {
    type: entry.actorType as "user" | "api_key" | "system",
    id: entry.actorId,
    name: entry.actorType === "api_key" ? (keyNames.get(entry.actorId ?? "") ?? entry.actorId) : entry.actorLabel,
  },
  target: entry.target,
  detail: entry.detail as Record<string, unknown>,
  ip: entry.ip,
  created: unixSeconds(entry.createdAt),
});

export type AuditLogRecord = ReturnType<typeof serialize>;

export async function listAuditLog(member: Member, params: ListParams) {
  requireRole(member.role, "admin");
  const page = await paginate(db.auditLogEntry, { tenantId: member.tenantId }, params, (entry) => entry);
  const keyIds = [...new Set(page.data.flatMap((e) => (e.actorType === "api_key" && e.actorId ? [e.actorId] : [])))];
  const keys = keyIds.length ? await db.apiKey.findMany({ where: { id: { in: keyIds }, tenantId: member.tenantId }, select: { id: true, name: true } }) : [];
  const keyNames = new Map(keys.map((k) => [k.id, k.name]));
  return { ...page, data: page.data.map((entry) => serialize(entry, keyNames)) };
}
