// Session credentials: short-lived JWT access tokens (HS256, AUTH_SECRET) and opaque refresh tokens
// that are stored only as hashes.
import { randomBytes, createHash } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { jwtSigningKey } from "@/lib/crypto/keys";

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
const ISSUER = "token-platform";

export async function issueAccessToken(userId: string, tenantId: string): Promise<string> {
  return new SignJWT({ tid: tenantId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(jwtSigningKey());
}

/** The token's user and tenant, and when it was issued (Unix seconds: a password change voids older ones). */
export async function verifyAccessToken(token: string): Promise<{ userId: string; tenantId: string; issuedAt: number } | null> {
  try {
    const { payload } = await jwtVerify(token, jwtSigningKey(), { issuer: ISSUER, algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || typeof payload.tid !== "string" || typeof payload.iat !== "number") return null;
    return { userId: payload.sub, tenantId: payload.tid, issuedAt: payload.iat };
  } catch {
    return null;
  }
}

export const newRefreshToken = () => `rt_${randomBytes(32).toString("base64url")}`;
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
