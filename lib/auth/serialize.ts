import type { Tenant, User } from "@/lib/generated/prisma/client";
import { unixSeconds } from "@/lib/core/ids";
import { asRole } from "@/lib/core/roles";

export const serializeTenant = (t: Tenant) => ({ object: "tenant" as const, id: t.id, company_name: t.companyName, created: unixSeconds(t.createdAt) });

export const serializeUser = (u: User) => ({
  object: "user" as const,
  id: u.id,
  email: u.email,
  full_name: u.fullName,
  role: asRole(u.role),
  created: unixSeconds(u.createdAt),
});
