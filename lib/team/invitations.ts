// Invitations by link. An owner or admin invites an e-mail with a role; the link carries a random token that is
// the invitation's only secret: stored as its SHA-256 (lib/core/secrets), shown once to whoever invited (no mail
// server is needed: they pass the link on). It works for 7 days, once, until revoked; a new invitation of the same
// e-mail replaces the pending one. Accepting creates the member with their name and password.
import { randomBytes } from "node:crypto";
import { db, Prisma } from "@/lib/db";
import { conflict, notFound, ApiError } from "@/lib/core/errors";
import { newId, unixSeconds } from "@/lib/core/ids";
import { hashSecret } from "@/lib/core/secrets";
import { actingAs } from "@/lib/core/actor";
import { asRole, requireRole, type Role } from "@/lib/core/roles";
import { audit } from "@/lib/observability/audit";
import { hashPassword } from "@/lib/auth/passwords";
import type { Invitation } from "@/lib/generated/prisma/client";
import type { Member } from "./members";

export const INVITATION_TTL_DAYS = 7;

const TOKEN_PREFIX = "tpinv_";
const newToken = () => `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;

export const serializeInvitation = (invitation: Invitation) => ({
  object: "invitation" as const,
  id: invitation.id,
  email: invitation.email,
  role: asRole(invitation.role),
  status: statusOf(invitation),
  expires_at: unixSeconds(invitation.expiresAt),
  created: unixSeconds(invitation.createdAt),
});

function statusOf(invitation: Invitation, now = new Date()) {
  if (invitation.acceptedAt) return "accepted" as const;
  if (invitation.revokedAt) return "revoked" as const;
  return invitation.expiresAt <= now ? ("expired" as const) : ("pending" as const);
}

const pending = (now = new Date()) => ({ acceptedAt: null, revokedAt: null, expiresAt: { gt: now } });

/** Invites `email` with `role`; answers the invitation and its token, the one time it is shown. */
export async function createInvitation(actor: Member, input: { email: string; role: Role }) {
  requireRole(actor.role, input.role === "owner" ? "owner" : "admin");
  const email = input.email.toLowerCase();
  const existing = await db.user.findUnique({ where: { email }, select: { tenantId: true } });
  if (existing?.tenantId === actor.tenantId) throw conflict("already_member", `${email} is already a member of this team.`, "email");
  if (existing) throw conflict("email_already_registered", `${email} already has an account with another team, and an account belongs to one team: invite another e-mail.`, "email");
  const token = newToken();
  const invitation = await db.$transaction(async (tx) => {
    await tx.invitation.updateMany({ where: { tenantId: actor.tenantId, email, ...pending() }, data: { revokedAt: new Date() } });
    const created = await tx.invitation.create({
      data: {
        id: newId("inv"),
        tenantId: actor.tenantId,
        email,
        role: input.role,
        tokenHash: hashSecret(token),
        invitedBy: actor.userId,
        expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 3600 * 1000),
      },
    });
    await audit(actor.tenantId, "member.invited", { target: created.id, detail: { email, role: input.role } }, tx);
    return created;
  });
  return { ...serializeInvitation(invitation), token };
}

/** The invitations still waiting to be accepted, newest first. */
export async function listPendingInvitations(tenantId: string) {
  const rows = await db.invitation.findMany({ where: { tenantId, ...pending() }, orderBy: { id: "desc" } });
  return { object: "list" as const, data: rows.map(serializeInvitation), has_more: false, total: rows.length };
}

export async function revokeInvitation(actor: Member, id: string) {
  requireRole(actor.role, "admin");
  return db.$transaction(async (tx) => {
    const invitation = await tx.invitation.findFirst({ where: { id, tenantId: actor.tenantId } });
    if (!invitation) throw notFound("invitation", id);
    if (statusOf(invitation) !== "pending") return serializeInvitation(invitation);
    const revoked = await tx.invitation.update({ where: { id }, data: { revokedAt: new Date() } });
    await audit(actor.tenantId, "member.invitation_revoked", { target: id, detail: { email: invitation.email, role: invitation.role } }, tx);
    return serializeInvitation(revoked);
  });
}

/** What the invitation page shows for a token: the team, the e-mail and role, and whether it can still be used. */
export async function findInvitation(token: string) {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const invitation = await db.invitation.findUnique({ where: { tokenHash: hashSecret(token) }, include: { tenant: { select: { companyName: true } } } });
  return invitation ? { ...serializeInvitation(invitation), company_name: invitation.tenant.companyName } : null;
}

const unusable = (status: ReturnType<typeof statusOf> | null) =>
  status === null
    ? notFound("invitation")
    : new ApiError(410, "invalid_request_error", `invitation_${status}`, {
        accepted: "This invitation was used already: sign in instead.",
        revoked: "This invitation was revoked: ask for a new one.",
        expired: `This invitation expired (links work for ${INVITATION_TTL_DAYS} days): ask for a new one.`,
        pending: "This invitation cannot be used.",
      }[status]);

/** Joins the invitation's team as a new member with this name and password; the invitation is used up. */
export async function acceptInvitation(token: string, input: { full_name: string; password: string }, ip: string | null) {
  const passwordHash = await hashPassword(input.password);
  const tokenHash = hashSecret(token);
  try {
    return await db.$transaction(async (tx) => {
      const [claimed] = await tx.invitation.updateManyAndReturn({ where: { tokenHash, ...pending() }, data: { acceptedAt: new Date() } });
      if (!claimed) {
        const found = await tx.invitation.findUnique({ where: { tokenHash } });
        throw unusable(found ? statusOf(found) : null);
      }
      const user = await tx.user.create({
        data: { id: newId("usr"), tenantId: claimed.tenantId, email: claimed.email, passwordHash, fullName: input.full_name, role: claimed.role },
      });
      await actingAs({ type: "user", id: user.id, label: user.email, ip }, () =>
        audit(claimed.tenantId, "member.joined", { target: user.id, detail: { email: user.email, role: claimed.role, invitation: claimed.id } }, tx),
      );
      return { email: user.email, tenant_id: claimed.tenantId };
    });
  } catch (err) {
    // The e-mail got an account of its own since it was invited: the unique index decides.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      throw conflict("email_already_registered", "This e-mail already has an account: sign in with it, or ask for an invitation of another e-mail.", "email");
    }
    throw err;
  }
}
