// Teams through their services on the real database: invitations (hashed, once, 7 days, revocable), role changes
// and removals under the one-owner rule, a password change that ends the other sessions, and the audit log.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { hashSecret } from "@/lib/core/secrets";
import { ApiError } from "@/lib/core/errors";
import { actingAs } from "@/lib/core/actor";
import { call, freshIp, newTenant } from "@/test/client";
import { acceptInvitation, createInvitation, findInvitation, listPendingInvitations, revokeInvitation } from "./invitations";
import { changeRole, listMembers, removeMember } from "./members";
import { changePassword } from "./password";
import { listAuditLog } from "./audit";
import { addMember, ownerOf } from "./testing";

/** The API error a promise rejects with, as { status, code }. */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error) => (error instanceof ApiError ? { status: error.status, code: error.code } : { status: 0, code: String(error) }),
  );

const joiner = { full_name: "Grace Viewer", password: "another horse 3" };

describe("invitations", () => {
  it("a link works once, for its e-mail and role; its token is stored only as a hash", async () => {
    const tenant = await newTenant("Invites");
    const owner = ownerOf(tenant);
    const email = `Grace${Date.now()}@Example.com`;
    const invitation = await createInvitation(owner, { email, role: "viewer" });
    expect(invitation).toMatchObject({ object: "invitation", email: email.toLowerCase(), role: "viewer", status: "pending" });
    expect(invitation.expires_at - invitation.created).toBe(7 * 24 * 3600);
    const row = await db.invitation.findUniqueOrThrow({ where: { id: invitation.id } });
    expect(row.tokenHash).toBe(hashSecret(invitation.token));
    expect(JSON.stringify(row)).not.toContain(invitation.token);

    expect(await findInvitation(invitation.token)).toMatchObject({ status: "pending", company_name: tenant.auth.tenant.company_name, role: "viewer" });
    expect((await listPendingInvitations(owner.tenantId)).data.map((i) => i.id)).toEqual([invitation.id]);

    await acceptInvitation(invitation.token, joiner, "198.51.100.4");
    const members = await listMembers(owner.tenantId);
    expect(members.data.map((m) => [m.email, m.role])).toEqual([
      [tenant.email, "owner"],
      [email.toLowerCase(), "viewer"],
    ]);
    // Once only; the new member signs in with what they chose.
    expect(await failure(acceptInvitation(invitation.token, joiner, null))).toEqual({ status: 410, code: "invitation_accepted" });
    expect((await call("POST", "/auth/login", { ip: freshIp(), body: { email, password: joiner.password } })).status).toBe(200);
    expect((await listPendingInvitations(owner.tenantId)).data).toEqual([]);
    // The newcomer joined under their own name, from their IP.
    const joined = (await listAuditLog(owner, { limit: 10 })).data.find((e) => e.action === "member.joined")!;
    expect(joined).toMatchObject({ actor: { type: "user", name: email.toLowerCase() }, ip: "198.51.100.4", detail: { role: "viewer" } });
  });

  it("expired, revoked and unknown links are refused; inviting again replaces the pending link", async () => {
    const tenant = await newTenant("Expiry");
    const owner = ownerOf(tenant);
    const expiring = await createInvitation(owner, { email: `late${Date.now()}@example.com`, role: "developer" });
    await db.invitation.update({ where: { id: expiring.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await failure(acceptInvitation(expiring.token, joiner, null))).toEqual({ status: 410, code: "invitation_expired" });
    expect((await findInvitation(expiring.token))?.status).toBe("expired");

    const email = `again${Date.now()}@example.com`;
    const first = await createInvitation(owner, { email, role: "developer" });
    const second = await createInvitation(owner, { email, role: "admin" });
    expect(await failure(acceptInvitation(first.token, joiner, null))).toEqual({ status: 410, code: "invitation_revoked" });
    expect(await revokeInvitation(owner, second.id)).toMatchObject({ status: "revoked" });
    expect(await failure(acceptInvitation(second.token, joiner, null))).toEqual({ status: 410, code: "invitation_revoked" });
    expect(await failure(acceptInvitation("tpinv_not-a-real-token", joiner, null))).toEqual({ status: 404, code: "resource_missing" });
    expect(await findInvitation("anything")).toBeNull();

    // A member already, or an account of another team: 409 naming the e-mail.
    expect(await failure(createInvitation(owner, { email: tenant.email, role: "viewer" }))).toEqual({ status: 409, code: "already_member" });
    const other = await newTenant("Other");
    expect(await failure(createInvitation(owner, { email: other.email, role: "viewer" }))).toEqual({ status: 409, code: "email_already_registered" });
    // Another tenant's invitation is not found.
    expect(await failure(revokeInvitation(ownerOf(other), first.id))).toEqual({ status: 404, code: "resource_missing" });
  });

  it("admins invite all but owners; developers and viewers invite nobody", async () => {
    const tenant = await newTenant("Inviters");
    const admin = await addMember(tenant, "admin");
    const developer = await addMember(tenant, "developer");
    expect((await createInvitation(admin.member, { email: `d${Date.now()}@example.com`, role: "admin" })).role).toBe("admin");
    expect(await failure(createInvitation(admin.member, { email: `o${Date.now()}@example.com`, role: "owner" }))).toEqual({ status: 403, code: "permission_denied" });
    expect(await failure(createInvitation(developer.member, { email: `v${Date.now()}@example.com`, role: "viewer" }))).toEqual({ status: 403, code: "permission_denied" });
    expect((await createInvitation(ownerOf(tenant), { email: `o${Date.now()}@example.com`, role: "owner" })).role).toBe("owner");
  });
});

describe("members", () => {
  it("roles change under the one-owner rule; admins never touch owners", async () => {
    const tenant = await newTenant("Roles");
    const owner = ownerOf(tenant);
    const admin = await addMember(tenant, "admin");
    const viewer = await addMember(tenant, "viewer");

    expect(await failure(changeRole(owner, owner.userId, "admin"))).toEqual({ status: 400, code: "last_owner" });
    expect(await failure(removeMember(owner, owner.userId))).toEqual({ status: 400, code: "last_owner" });
    expect(await failure(changeRole(admin.member, owner.userId, "viewer"))).toEqual({ status: 403, code: "permission_denied" });
    expect(await failure(changeRole(admin.member, viewer.member.userId, "owner"))).toEqual({ status: 403, code: "permission_denied" });
    expect(await failure(changeRole(viewer.member, viewer.member.userId, "admin"))).toEqual({ status: 403, code: "permission_denied" });
    expect((await changeRole(admin.member, viewer.member.userId, "developer")).role).toBe("developer");

    // Ownership: an owner makes another owner, who may then step down the first.
    expect((await changeRole(owner, admin.member.userId, "owner")).role).toBe("owner");
    const newOwner = { ...admin.member, role: "owner" as const };
    expect((await changeRole(newOwner, owner.userId, "viewer")).role).toBe("viewer");
    expect(await failure(changeRole(newOwner, newOwner.userId, "admin"))).toEqual({ status: 400, code: "last_owner" });

    // Another tenant's member is not found.
    const other = await newTenant("Elsewhere");
    expect(await failure(changeRole(ownerOf(other), viewer.member.userId, "viewer"))).toEqual({ status: 404, code: "resource_missing" });
    expect(await failure(removeMember(ownerOf(other), viewer.member.userId))).toEqual({ status: 404, code: "resource_missing" });

    const log = await listAuditLog(newOwner, { limit: 20 });
    expect(log.data.filter((e) => e.action === "member.role_changed").map((e) => [e.detail.email, e.detail.from, e.detail.to])).toEqual([
      [tenant.email, "owner", "viewer"],
      [admin.email, "admin", "owner"],
      [viewer.email, "viewer", "developer"],
    ]);
  });

  it("removing a member ends their sessions: refresh tokens and access tokens stop working", async () => {
    const tenant = await newTenant("Removal");
    const developer = await addMember(tenant, "developer");
    expect((await call("GET", "/v1/api_keys", { token: developer.accessToken })).status).toBe(200);
    await removeMember(ownerOf(tenant), developer.member.userId);
    expect(await db.refreshToken.count({ where: { userId: developer.member.userId } })).toBe(0);
    expect((await call("GET", "/v1/api_keys", { token: developer.accessToken })).body.error.code).toBe("invalid_access_token");
    expect((await call("POST", "/auth/refresh", { ip: freshIp(), body: { refresh_token: developer.refreshToken } })).status).toBe(401);
    expect((await call("POST", "/auth/login", { ip: freshIp(), body: { email: developer.email, password: developer.password } })).status).toBe(401);
    const removed = (await listAuditLog(ownerOf(tenant), { limit: 5 })).data[0];
    expect(removed).toMatchObject({ action: "member.removed", target: developer.member.userId, detail: { email: developer.email, role: "developer" } });
  });
});

describe("password change", () => {
  it("needs the current password and ends every other session", async () => {
    const tenant = await newTenant("Password");
    const viewer = await addMember(tenant, "viewer");
    expect(await failure(changePassword(viewer.member, { current_password: "wrong password 1", new_password: "brand new pass 4" }))).toEqual({ status: 400, code: "incorrect_password" });
    // Access tokens carry whole seconds: the change must come in a later second than the token's.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const actor = { type: "user" as const, id: viewer.member.userId, label: viewer.email, ip: "192.0.2.10" };
    await actingAs(actor, () => changePassword(viewer.member, { current_password: viewer.password, new_password: "brand new pass 4" }));
    expect((await call("GET", "/v1/api_keys", { token: viewer.accessToken })).status).toBe(401);
    expect((await call("POST", "/auth/refresh", { ip: freshIp(), body: { refresh_token: viewer.refreshToken } })).status).toBe(401);
    expect((await call("POST", "/auth/login", { ip: freshIp(), body: { email: viewer.email, password: viewer.password } })).status).toBe(401);
    const again = await call("POST", "/auth/login", { ip: freshIp(), body: { email: viewer.email, password: "brand new pass 4" } });
    expect((await call("GET", "/v1/api_keys", { token: again.body.access_token })).status).toBe(200);
    const entry = (await listAuditLog(ownerOf(tenant), { limit: 5 })).data[0];
    expect(entry).toMatchObject({ action: "user.password_changed", target: viewer.member.userId, actor: { type: "user", name: viewer.email }, ip: "192.0.2.10" });
  });
});

describe("audit log", () => {
  it("lists newest first, page by page, for owners and admins only", async () => {
    const tenant = await newTenant("Audit");
    const owner = ownerOf(tenant);
    for (let i = 0; i < 3; i++) await createInvitation(owner, { email: `page${i}${Date.now()}@example.com`, role: "viewer" });
    const first = await listAuditLog(owner, { limit: 2 });
    expect(first.has_more).toBe(true);
    const second = await listAuditLog(owner, { limit: 2, starting_after: first.data[1].id });
    const all = [...first.data, ...second.data];
    expect(all.map((e) => e.action)).toEqual(["member.invited", "member.invited", "member.invited", "api_key.created"]);
    expect([...all].sort((a, b) => (a.id < b.id ? 1 : -1))).toEqual(all);
    const developer = await addMember(tenant, "developer");
    expect(await failure(listAuditLog(developer.member, { limit: 5 }))).toEqual({ status: 403, code: "permission_denied" });
  });
});
