// Test helpers: a tenant's owner as a member, and teammates added through a real invitation, signed in.
import { call, freshIp, newTenant } from "@/test/client";
import type { Role } from "@/lib/core/roles";
import { acceptInvitation, createInvitation } from "./invitations";
import type { Member } from "./members";

export type TestTenant = Awaited<ReturnType<typeof newTenant>>;

export const ownerOf = (tenant: TestTenant): Member => ({ tenantId: tenant.auth.tenant.id, userId: tenant.auth.user.id, role: "owner", email: tenant.email });

let counter = 0;
/** A teammate of `tenant` with `role`: invited by the owner, joined, and signed in (its access token). */
export async function addMember(tenant: TestTenant, role: Role) {
  const email = `${role}${Date.now()}${++counter}@example.com`;
  const password = "correct horse 2";
  const { token } = await createInvitation(ownerOf(tenant), { email, role });
  await acceptInvitation(token, { full_name: `A ${role}`, password }, "203.0.113.7");
  const login = await call("POST", "/auth/login", { ip: freshIp(), body: { email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  const member: Member = { tenantId: tenant.auth.tenant.id, userId: login.body.user.id, role, email };
  return { email, password, member, accessToken: login.body.access_token as string, refreshToken: login.body.refresh_token as string };
}
