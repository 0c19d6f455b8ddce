// A tenant's members: who they are, their role, and the changes owners and admins make (lib/core/roles says
// who may do what). A tenant keeps at least one owner: every change that could take the last one away runs
// under a per-tenant lock and counts the owners left. Removing a member deletes their user, and with it their
// refresh tokens; their console session and access tokens fail at the next request (each reads the member).
import { db, type Prisma } from "@/lib/db";
import { invalidRequest, notFound } from "@/lib/core/errors";
import { unixSeconds } from "@/lib/core/ids";
import { asRole, requireRole, type Role } from "@/lib/core/roles";
import { audit } from "@/lib/observability/audit";
import type { User } from "@/lib/generated/prisma/client";

/** A signed-in member acting on their team. */
export interface Member {
  tenantId: string;
  userId: string;
  role: Role;
  email: string;
}

export const roleOf = (user: Pick<User, "role">): Role => asRole(user.role);

export const serializeMember = (user: User) => ({
  object: "member" as const,
  id: user.id,
  email: user.email,
  full_name: user.fullName,
  role: roleOf(user),
  created: unixSeconds(user.createdAt),
});

/**
 * The member behind a session that began at `startedAt` (an access token's issue time, a console sign-in), or null:
 * the user was removed, belongs to another tenant, or changed their password after the session began.
 */
export async function sessionMember(userId: string, tenantId: string, startedAt: Date): Promise<Member | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { tenantId: true, role: true, email: true, sessionsValidAfter: true } });
  if (!user || user.tenantId !== tenantId) return null;
  if (user.sessionsValidAfter && startedAt < user.sessionsValidAfter) return null;
  return { tenantId, userId, role: roleOf(user), email: user.email };
}

export async function listMembers(tenantId: string) {
  const users = await db.user.findMany({ where: { tenantId }, orderBy: { createdAt: "asc" } });
  return { object: "list" as const, data: users.map(serializeMember), has_more: false, total: users.length };
}

/** One team's changes at a time: the count of owners left is read under it. */
const lockTeam = (tx: Prisma.TransactionClient, tenantId: string) => tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('team:' || ${tenantId}))`;

async function findMember(tx: Prisma.TransactionClient, tenantId: string, userId: string) {
  const user = await tx.user.findFirst({ where: { id: userId, tenantId } });
  if (!user) throw notFound("member", userId);
  return user;
}

/** Admins manage admins, developers and viewers; owners and the owner role are the owners' (ownership). */
function requireRightOver(actor: Member, ...roles: Role[]) {
  requireRole(actor.role, roles.includes("owner") ? "owner" : "admin");
}

async function assertAnotherOwner(tx: Prisma.TransactionClient, tenantId: string, userId: string, param?: string) {
  const others = await tx.user.count({ where: { tenantId, role: "owner", id: { not: userId } } });
  if (!others) throw invalidRequest("last_owner", "A team keeps at least one owner: make another member owner first.", param);
}

export async function changeRole(actor: Member, userId: string, role: Role) {
  requireRole(actor.role, "admin");
  return db.$transaction(async (tx) => {
    await lockTeam(tx, actor.tenantId);
    const user = await findMember(tx, actor.tenantId, userId);
    const from = roleOf(user);
    requireRightOver(actor, from, role);
    if (from === role) return serializeMember(user);
    if (from === "owner") await assertAnotherOwner(tx, actor.tenantId, userId, "role");
    const updated = await tx.user.update({ where: { id: user.id }, data: { role } });
    await audit(actor.tenantId, "member.role_changed", { target: user.id, detail: { email: user.email, from, to: role } }, tx);
    return serializeMember(updated);
  });
}

export async function removeMember(actor: Member, userId: string) {
  requireRole(actor.role, "admin");
  return db.$transaction(async (tx) => {
    await lockTeam(tx, actor.tenantId);
    const user = await findMember(tx, actor.tenantId, userId);
    const role = roleOf(user);
    requireRightOver(actor, role);
    if (role === "owner") await assertAnotherOwner(tx, actor.tenantId, userId);
    await tx.user.delete({ where: { id: user.id } }); // its refresh tokens go with it
    await audit(actor.tenantId, "member.removed", { target: user.id, detail: { email: user.email, role } }, tx);
    return { object: "member" as const, id: user.id, deleted: true as const };
  });
}
