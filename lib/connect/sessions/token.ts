// End-user credentials of Connect, HS256 JWTs with AUTH_SECRET (as lib/auth/tokens), kept apart from
// console access tokens by their own issuer, audience and `typ`: a Connect token never verifies as a
// console session (verifyAccessToken checks its issuer) and the two kinds never verify as each other.
//   session token  `connect-session`  after sign-in (OAuth returning user, SIWE); subject = account address
//   oauth token    `connect-oauth`    a verified provider identity waiting to be linked (10 minutes)
// No endpoint reads a session token back (the spec names none), so there is no verifier here;
// sessions-token-testing.ts reads one as a verifier would.
import { SignJWT, jwtVerify } from "jose";
import { jwtSigningKey } from "@/lib/crypto/keys";

export const CONNECT_SESSION_TTL_SECONDS = 3600;
export const OAUTH_TOKEN_TTL_SECONDS = 600;
const ISSUER = "token-platform/connect";
const SESSION = "connect-session";
const OAUTH = "connect-oauth";

const sign = (kind: string, subject: string, ttl: number, claims: Record<string, unknown>) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: `${kind}+jwt` })
    .setSubject(subject)
    .setIssuer(ISSUER)
    .setAudience(kind)
    .setIssuedAt()
    .setExpirationTime(`${ttl}s`)
    .sign(jwtSigningKey());

async function verify(kind: string, token: string) {
  try {
    const { payload } = await jwtVerify(token, jwtSigningKey(), { issuer: ISSUER, audience: kind, algorithms: ["HS256"], typ: `${kind}+jwt` });
    return payload;
  } catch {
    return null;
  }
}

export interface ConnectSession {
  tenantId: string;
  livemode: boolean;
  address: string;
  chainId: string;
  method: "oauth" | "siwe";
}

export async function issueSessionToken(s: ConnectSession) {
  const token = await sign(SESSION, s.address, CONNECT_SESSION_TTL_SECONDS, { tid: s.tenantId, live: s.livemode, chain_id: s.chainId, amr: s.method });
  return { session_token: token, session_expires_in: CONNECT_SESSION_TTL_SECONDS };
}

export interface OAuthIdentity {
  tenantId: string;
  livemode: boolean;
  provider: "google" | "apple";
  subject: string;
  email: string | null;
}

export async function issueOAuthToken(i: OAuthIdentity) {
  const token = await sign(OAUTH, i.subject, OAUTH_TOKEN_TTL_SECONDS, { tid: i.tenantId, live: i.livemode, prv: i.provider, email: i.email });
  return { oauth_token: token, oauth_token_expires_in: OAUTH_TOKEN_TTL_SECONDS };
}

export async function verifyOAuthToken(token: string): Promise<OAuthIdentity | null> {
  const p = await verify(OAUTH, token);
  if (!p || typeof p.sub !== "string" || typeof p.tid !== "string" || typeof p.live !== "boolean" || (p.prv !== "google" && p.prv !== "apple")) return null;
  return { tenantId: p.tid, livemode: p.live, provider: p.prv, subject: p.sub, email: typeof p.email === "string" ? p.email : null };
}
