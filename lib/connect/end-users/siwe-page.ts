// Sign-in with Ethereum (EIP-4361) on a tenant's Connect page, for an end user with an injected wallet:
//   nonce    issued here for purpose "siwe" (connect_end_user_challenges: this tenant and mode, 5 minutes,
//            used once), so the page signs only messages whose nonce the server made;
//   verify   the nonce is taken (once) first, then the message goes through lib/connect/end-users/siwe.ts's checks:
//            domain = the host of one of the tenant's allowed origins, expiry and issue window, the
//            signer's signature, the nonce recorded as used (shared with POST /v1/connect/verify, so a
//            message signed for the page cannot be replayed to the API either);
//   session  the end-user session cookie (same name, path and attributes as a passkey session) holding a
//            token of its own audience and `typ` naming the address: a passkey session never reads as a
//            wallet session, nor the reverse, and signing in one way replaces the other.
import { SignJWT, jwtVerify } from "jose";
import { cookies } from "next/headers";
import { getAddress, isAddress, type Address } from "viem";
import { generateSiweNonce, parseSiweMessage } from "viem/siwe";
import { invalidRequest } from "@/lib/core/errors";
import { issueChallenge, takeChallenge, type EndUserContext } from "@/lib/connect/end-users/service";
import { END_USER_COOKIE, END_USER_SESSION_TTL_SECONDS, setEndUserCookie } from "@/lib/connect/end-users/session";
import { jwtSigningKey } from "@/lib/crypto/keys";
import { checkSiwe } from "@/lib/connect/end-users/siwe";

const ISSUER = "token-platform/connect-pages";
const AUDIENCE = "connect-end-user-siwe";
const TYP = "connect-end-user-siwe+jwt";

export interface SiweEndUserSession {
  tenantId: string;
  livemode: boolean;
  address: Address;
  chainId: number;
}

/** A fresh nonce for the page's EIP-4361 message, remembered for 5 minutes and usable once. */
export async function siweNonce(ctx: EndUserContext): Promise<string> {
  const nonce = generateSiweNonce();
  await issueChallenge(ctx, "siwe", nonce);
  return nonce;
}

/** Verifies the signed message (its nonce issued by siweNonce, taken here once) → the session for its signer. */
export async function completeSiwe(ctx: EndUserContext, input: { message: string; signature: string }) {
  if (typeof input?.message !== "string" || typeof input?.signature !== "string" || input.message.length > 4096 || input.signature.length > 20_000) {
    throw invalidRequest("invalid_siwe_message", "A signed EIP-4361 message is required.");
  }
  let nonce: string | undefined;
  try {
    nonce = parseSiweMessage(input.message).nonce;
  } catch {
    nonce = undefined;
  }
  if (!nonce || !(await takeChallenge(ctx, "siwe", nonce))) {
    throw invalidRequest("siwe_nonce_invalid", "This sign-in request expired or was already used: sign in again.");
  }
  const { address, chainId } = await checkSiwe(ctx.scope, input);
  const token = await new SignJWT({ tid: ctx.scope.tenantId, live: ctx.scope.livemode, chain: chainId })
    .setProtectedHeader({ alg: "HS256", typ: TYP })
    .setSubject(address)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${END_USER_SESSION_TTL_SECONDS}s`)
    .sign(jwtSigningKey());
  await setEndUserCookie(ctx, token);
  return { address, chainId };
}

/** The wallet session of this tenant's page (tenant and mode must be the page's), or null. */
export async function readSiweSession(ctx: EndUserContext): Promise<SiweEndUserSession | null> {
  const token = (await cookies()).get(END_USER_COOKIE)?.value;
  if (!token) return null;
  try {
    const { payload: p } = await jwtVerify(token, jwtSigningKey(), { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"], typ: TYP });
    if (typeof p.sub !== "string" || !isAddress(p.sub) || p.tid !== ctx.scope.tenantId || p.live !== ctx.scope.livemode || typeof p.chain !== "number") return null;
    return { tenantId: p.tid, livemode: p.live, address: getAddress(p.sub), chainId: p.chain };
  } catch {
    return null;
  }
}
