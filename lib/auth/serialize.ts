import type { Tenant, User } from "@/lib/generated/prisma/client";
import { unixSeconds } from "@/lib/api/ids";

export const serializeTenant = (t: Tenant) => ({ object: "tenant" as const, id: t.id, company_name: t.companyName, created: unixSeconds(t.createdAt) });

export const serializeUser = (u: User) => ({
  object: "user" as const,
  id: u.id,
  email: u.email,
  full_name: u.fullName,
  role: u.role as "owner",
  created: unixSeconds(u.createdAt),
});
