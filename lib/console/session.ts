// Who is using the console: the signed-in user (next-auth session), their tenant, and the environment
// the switch selects. Pages redirect to sign-in without a session; server actions get a 401 error.
import { cache } from "react";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { cookies, headers } from "next/headers";
import { unauthorized } from "@/lib/core/errors";
import { requireRole, type Role } from "@/lib/core/roles";
import type { Actor } from "@/lib/core/actor";
import { clientIpFrom } from "@/lib/http/client-ip";
import { db } from "@/lib/db";
import { roleOf, type Member } from "@/lib/team/members";
import { authOptions } from "./auth";
import { ENVIRONMENT_COOKIE, parseEnvironment, type ConsoleEnvironment } from "./environment";

export interface ConsoleContext {
  user: { id: string; email: string; fullName: string; role: Role };
  tenant: { id: string; companyName: string };
  environment: ConsoleEnvironment;
  livemode: boolean;
  /** The scope lib functions take ({ tenantId, livemode }), as an API key of this environment would have. */
  scope: { tenantId: string; livemode: boolean };
}

/** The signed-in user's context, or null. Once per request. */
export const consoleContext = cache(async (): Promise<ConsoleContext | null> => {
  const session = (await getServerSession(authOptions)) as { userId?: string; signedInAt?: number } | null;
  if (!session?.userId) return null;
  // A session outlives nothing it points at: a user removed (or a database reset) signs out, and so does a
  // session begun before the user's password changed.
  const user = await db.user.findUnique({ where: { id: session.userId }, include: { tenant: true } });
  if (!user) return null;
  if (user.sessionsValidAfter && (session.signedInAt ?? 0) < user.sessionsValidAfter.getTime()) return null;
  const environment = parseEnvironment((await cookies()).get(ENVIRONMENT_COOKIE)?.value);
  const livemode = environment === "live";
  return {
    user: { id: user.id, email: user.email, fullName: user.fullName, role: roleOf(user) },
    tenant: { id: user.tenant.id, companyName: user.tenant.companyName },
    environment,
    livemode,
    scope: { tenantId: user.tenantId, livemode },
  };
});

/** For pages: the context, or a redirect to sign-in that comes back to `path`. */
export async function requireConsole(path?: string): Promise<ConsoleContext> {
  const context = await consoleContext();
  if (!context) redirect(path ? `/sign-in?callbackUrl=${encodeURIComponent(path)}` : "/sign-in");
  return context;
}

/**
 * For server actions: the context of a member with at least the `minimum` role, or the API's error (which the
 * form shows): 401 signed out, 403 `permission_denied` below the role (lib/core/roles).
 */
export async function actionContext(minimum: Role): Promise<ConsoleContext> {
  const context = await consoleContext();
  if (!context) throw unauthorized("session_expired", "Your session has ended: sign in again.");
  requireRole(context.user.role, minimum);
  return context;
}

/** The signed-in member, as the team's services take them. */
export const memberOf = (context: ConsoleContext): Member => ({
  tenantId: context.tenant.id,
  userId: context.user.id,
  role: context.user.role,
  email: context.user.email,
});

/** Who acts in a console action, for the audit log: the member, from the client's IP. */
export async function consoleActor(context: ConsoleContext): Promise<Actor> {
  const h = await headers();
  return { type: "user", id: context.user.id, label: context.user.email, ip: clientIpFrom((name) => h.get(name)) };
}
