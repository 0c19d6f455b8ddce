// What keeps an id_token from being replayed (issue 23, defect 6):
//   nonce      POST /v1/connect/oauth/nonce issues a random nonce for this tenant and mode (10 minutes);
//              the DApp passes it to the provider's sign-in, which echoes it in the id_token's `nonce`
//              claim. Verification takes it once: a token minted for another tenant's or an earlier sign-in
//              does not match any open nonce.
//   single use each accepted id_token is remembered (provider + jti, or its SHA-256 when it has no jti)
//              until it expires, so the same token never signs in twice, even within the nonce's life.
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { createOnce } from "@/lib/db/answer-once";
import { invalidRequest } from "@/lib/core/errors";
import type { Scope } from "@/lib/core/scope";

export const OAUTH_NONCE_TTL_SECONDS = 600;

export async function issueOAuthNonce(scope: Scope) {
  const nonce = randomBytes(24).toString("base64url");
  const expiresAt = new Date(Date.now() + OAUTH_NONCE_TTL_SECONDS * 1000);
  if (Math.random() < 0.05) await purgeExpired();
  // The answer commits with the nonce (lib/db/answer-once): a retry after a failure past the commit replays it.
  return createOnce("oauth_nonce", async (tx) => {
    await tx.connectOAuthNonce.create({ data: { tenantId: scope.tenantId, livemode: scope.livemode, nonce, expiresAt } });
    return { object: "oauth_nonce" as const, nonce, expires_in: OAUTH_NONCE_TTL_SECONDS, expires_at: Math.floor(expiresAt.getTime() / 1000), livemode: scope.livemode };
  });
}

/** Records the token as used (once), then takes its nonce (once); either failing is a 400 on id_token. */
export async function useIdTokenOnce(scope: Scope, provider: string, idToken: string, claims: { jti?: unknown; nonce?: unknown; exp?: number }) {
  const key = typeof claims.jti === "string" && claims.jti.length <= 255 ? `${provider}:jti:${claims.jti}` : `${provider}:sha256:${createHash("sha256").update(idToken).digest("hex")}`;
  const expiresAt = new Date(((claims.exp ?? 0) + 60) * 1000);
  const { count } = await db.connectOAuthUsedToken.createMany({ data: [{ key, expiresAt }], skipDuplicates: true });
  if (count === 0) throw invalidRequest("id_token_already_used", "This id_token has already been used to sign in: sign in with the provider again.", "id_token");

  if (typeof claims.nonce !== "string" || !claims.nonce) {
    throw invalidRequest("id_token_nonce_missing", "The id_token has no nonce: get one from POST /v1/connect/oauth/nonce and pass it to the provider's sign-in.", "id_token");
  }
  const taken = await db.connectOAuthNonce.deleteMany({
    where: { tenantId: scope.tenantId, livemode: scope.livemode, nonce: claims.nonce, expiresAt: { gt: new Date() } },
  });
  if (taken.count === 0) {
    throw invalidRequest("id_token_nonce_invalid", "The id_token's nonce was not issued to this application, has expired or was already used: get a new one (POST /v1/connect/oauth/nonce) and sign in again.", "id_token");
  }
}

async function purgeExpired() {
  const now = new Date();
  await db.connectOAuthNonce.deleteMany({ where: { expiresAt: { lt: now } } });
  await db.connectOAuthUsedToken.deleteMany({ where: { expiresAt: { lt: now } } });
}
