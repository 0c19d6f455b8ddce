// End-user sessions of the Connect pages: an httpOnly cookie holding an HS256 JWT (jose, AUTH_SECRET) with
// its own issuer, audience and `typ`, so it never verifies as a console session, an API access token or a
// Connect API session token (lib/connect/sessions/token.ts), nor they as it. It names the tenant, mode and
// smart account the passkey signed in to; the cookie's path is the tenant's page, so two tenants' pages
// in one browser keep separate sessions.
import { SignJWT, jwtVerify } from "jose";
import { cookies } from "next/headers";
import type { EndUserContext } from "@/lib/connect/end-users/service";
import { jwtSigningKey } from "@/lib/crypto/keys";
import { cookieOptions } from "@/lib/http/security";

export const END_USER_COOKIE = "tp_connect_end_user";
export const END_USER_SESSION_TTL_SECONDS = 12 * 3600;
const ISSUER = "token-platform/connect-pages";
const AUDIENCE = "connect-end-user";
const TYP = "connect-end-user+jwt";

export interface EndUserSession {
  tenantId: string;
  livemode: boolean;
  accountId: string;
  credentialId: string;
}

export function signEndUserSession(s: EndUserSession) {
  return new SignJWT({ tid: s.tenantId, live: s.livemode, cred: s.credentialId })
    .setProtectedHeader({ alg: "HS256", typ: TYP })
    .setSubject(s.accountId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${END_USER_SESSION_TTL_SECONDS}s`)
    .sign(jwtSigningKey());
}

export async function verifyEndUserSession(token: string): Promise<EndUserSession | null> {
  try {
    const { payload: p } = await jwtVerify(token, jwtSigningKey(), { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"], typ: TYP });
    if (typeof p.sub !== "string" || typeof p.tid !== "string" || typeof p.live !== "boolean" || typeof p.cred !== "string") return null;
    return { tenantId: p.tid, livemode: p.live, accountId: p.sub, credentialId: p.cred };
  } catch {
    return null;
  }
}

const cookiePath = (ctx: EndUserContext) => `/connect/${ctx.publishableKey}`;

/** The session of this tenant's page (the cookie's tenant and mode must be the page's), or null. */
export async function readEndUserSession(ctx: EndUserContext): Promise<EndUserSession | null> {
  const token = (await cookies()).get(END_USER_COOKIE)?.value;
  const session = token ? await verifyEndUserSession(token) : null;
  if (!session || session.tenantId !== ctx.scope.tenantId || session.livemode !== ctx.scope.livemode) return null;
  return session;
}

/** Sets the session cookie (server actions only). */
export async function startEndUserSession(ctx: EndUserContext, accountId: string, credentialId: string) {
  await setEndUserCookie(ctx, await signEndUserSession({ tenantId: ctx.scope.tenantId, livemode: ctx.scope.livemode, accountId, credentialId }));
}

/** The session cookie of this tenant's page, holding `token` (server actions only). */
export async function setEndUserCookie(ctx: EndUserContext, token: string) {
  (await cookies()).set(END_USER_COOKIE, token, cookieOptions({ path: cookiePath(ctx), maxAge: END_USER_SESSION_TTL_SECONDS }));
}

export async function endEndUserSession(ctx: EndUserContext) {
  (await cookies()).set(END_USER_COOKIE, "", cookieOptions({ path: cookiePath(ctx), maxAge: 0 }));
}
