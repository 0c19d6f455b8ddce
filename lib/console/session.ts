// Who is using the console: the signed-in user (next-auth session), their tenant, and the environment
// the switch selects. Pages redirect to sign-in without a session; server actions get a 401 error.
import { cache } from "react";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { db } from "@/lib/db";
import { unauthorized } from "@/lib/api/errors";
import { authOptions } from "./auth";
import { ENVIRONMENT_COOKIE, parseEnvironment, type ConsoleEnvironment } from "./environment";

export interface ConsoleContext {
  user: { id: string; email: string; fullName: string };
  tenant: { id: string; companyName: string };
  environment: ConsoleEnvironment;
  livemode: boolean;
  /** The scope lib functions take ({ tenantId, livemode }), as an API key of this environment would have. */
  scope: { tenantId: string; livemode: boolean };
}

/** The signed-in user's context, or null. Once per request. */
export const consoleContext = cache(async (): Promise<ConsoleContext | null> => {
  const session = (await getServerSession(authOptions)) as { userId?: string } | null;
  if (!session?.userId) return null;
  // A session outlives nothing it points at: a user deleted (or a database reset) signs out.
  const user = await db.user.findUnique({ where: { id: session.userId }, include: { tenant: true } });
  if (!user) return null;
  const environment = parseEnvironment((await cookies()).get(ENVIRONMENT_COOKIE)?.value);
  const livemode = environment === "live";
  return {
    user: { id: user.id, email: user.email, fullName: user.fullName },
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

/** For server actions: the context, or the API's 401 error (which the form shows). */
export async function actionContext(): Promise<ConsoleContext> {
  const context = await consoleContext();
  if (!context) throw unauthorized("session_expired", "Your session has ended: sign in again.");
  return context;
}
