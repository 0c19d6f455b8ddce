// OAuth sign-in for Connect (onchain-modules 4.1): an end user's id_token from one of the two supported
// providers (google, apple) is verified against the provider's JWKS with jose: signature, issuer,
// audience = the tenant's client id (GET /v1/settings/oauth), `azp` (when present) = that client id,
// expiry; then it is used once and its nonce must be one this tenant and mode was issued
// (lib/connect/end-users/oauth-replay.ts). A provider identity (provider +
// `sub`) already linked to a smart account signs in (account + session token); a new one gets a
// 10-minute oauth_token to link once the user has a passkey and an account. A provider identity links to
// one account per tenant and mode (its chain comes with it).
// The JWKS URL of each provider comes from OAUTH_JWKS_URL_GOOGLE / OAUTH_JWKS_URL_APPLE (defaults: the
// providers' published URLs), so tests serve their own keys.
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { getAddress } from "viem";
import { db } from "@/lib/db";
import { ApiError, conflict, invalidRequest, notFound } from "@/lib/core/errors";
import { newId, unixSeconds } from "@/lib/core/ids";
import type { ConnectAccount, ConnectOAuthLink } from "@/lib/generated/prisma/client";
import type { Scope } from "@/lib/core/scope";
import { useIdTokenOnce } from "@/lib/connect/end-users/oauth-replay";
import { ownsOAuthClient, readSettings } from "@/lib/connect/settings/service";
import { issueOAuthToken, issueSessionToken, verifyOAuthToken } from "@/lib/connect/sessions/token";
import { findAccount } from "@/lib/connect/accounts/service";

export type Provider = "google" | "apple";

const PROVIDERS: Record<Provider, { issuers: string[]; jwks: string; env: string }> = {
  google: { issuers: ["https://accounts.google.com", "accounts.google.com"], jwks: "https://www.googleapis.com/oauth2/v3/certs", env: "OAUTH_JWKS_URL_GOOGLE" },
  apple: { issuers: ["https://appleid.apple.com"], jwks: "https://appleid.apple.com/auth/keys", env: "OAUTH_JWKS_URL_APPLE" },
};

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(provider: Provider) {
  const url = process.env[PROVIDERS[provider].env] || PROVIDERS[provider].jwks;
  let set = keySets.get(url);
  if (!set) keySets.set(url, (set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 })));
  return set;
}

const invalidToken = (message: string) => invalidRequest("invalid_id_token", message, "id_token");

async function verifyIdToken(provider: Provider, idToken: string, clientId: string): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(idToken, keySet(provider), {
      issuer: PROVIDERS[provider].issuers,
      audience: clientId,
      algorithms: ["RS256", "ES256"],
      requiredClaims: ["sub", "exp", "iat"],
      clockTolerance: 30,
    });
    return payload;
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw invalidToken("The id_token has expired.");
    if (err instanceof joseErrors.JWTClaimValidationFailed) {
      const what = err.claim === "aud" ? `its audience is not this tenant's ${provider} client id` : err.claim === "iss" ? `it was not issued by ${provider}` : `claim '${err.claim}' is invalid`;
      throw invalidToken(`The id_token is not valid: ${what}.`);
    }
    if (err instanceof joseErrors.JWKSNoMatchingKey || err instanceof joseErrors.JWSSignatureVerificationFailed) {
      throw invalidToken(`The id_token's signature does not verify with ${provider}'s keys.`);
    }
    if (err instanceof joseErrors.JWKSTimeout || err instanceof joseErrors.JWKSInvalid || (err instanceof Error && !(err instanceof joseErrors.JOSEError))) {
      throw new ApiError(502, "api_error", "identity_provider_unavailable", `${provider}'s signing keys could not be fetched; retry shortly.`);
    }
    throw invalidToken("The id_token is malformed or not a signed JWT of a supported algorithm.");
  }
}

const accountRef = (a: ConnectAccount) => ({ address: getAddress(a.address), chain_id: a.chainId, network: a.network });

export async function verifyOAuth(scope: Scope, input: { provider: Provider; id_token: string }) {
  const settings = await readSettings(scope);
  const clientId = input.provider === "google" ? settings.googleClientId : settings.appleClientId;
  if (!clientId) {
    throw invalidRequest("oauth_provider_not_configured", `No ${input.provider} client id is configured for this tenant (PUT /v1/settings/oauth).`, "provider");
  }
  // A client id set before ids were unique to one tenant (migration) counts only for its first tenant.
  if (!(await ownsOAuthClient(scope, input.provider, clientId))) {
    throw invalidRequest("oauth_provider_not_configured", `This tenant's ${input.provider} client id belongs to another tenant: set your own (PUT /v1/settings/oauth).`, "provider");
  }
  const payload = await verifyIdToken(input.provider, input.id_token, clientId);
  // azp names the client the token was issued to; with several audiences it must be ours too.
  if (payload.azp !== undefined && payload.azp !== clientId) {
    throw invalidToken(`The id_token is not valid: its authorized party (azp) is not this tenant's ${input.provider} client id.`);
  }
  await useIdTokenOnce(scope, input.provider, input.id_token, payload);
  const subject = payload.sub as string;
  if (subject.length > 255) throw invalidToken("The id_token's subject is too long.");
  const email = typeof payload.email === "string" && payload.email.length <= 320 && payload.email_verified !== false && payload.email_verified !== "false" ? payload.email : null;

  const base = { object: "oauth_verification" as const, provider: input.provider, subject, email };
  const link = await db.connectOAuthLink.findUnique({
    where: { tenantId_livemode_provider_subject: { tenantId: scope.tenantId, livemode: scope.livemode, provider: input.provider, subject } },
  });
  const account = link ? await db.connectAccount.findFirst({ where: { id: link.accountId, tenantId: scope.tenantId, livemode: scope.livemode } }) : null;
  if (account) {
    const session = await issueSessionToken({ tenantId: scope.tenantId, livemode: scope.livemode, address: getAddress(account.address), chainId: account.chainId, method: "oauth" });
    return { ...base, linked: true, account: accountRef(account), ...session, oauth_token: null, oauth_token_expires_in: null };
  }
  const token = await issueOAuthToken({ tenantId: scope.tenantId, livemode: scope.livemode, provider: input.provider, subject, email });
  return { ...base, linked: false, account: null, session_token: null, session_expires_in: null, ...token };
}

function serializeLink(l: ConnectOAuthLink, a: ConnectAccount) {
  return {
    object: "oauth_link" as const,
    id: l.id,
    provider: l.provider as Provider,
    subject: l.subject,
    email: l.email,
    address: getAddress(a.address),
    chain_id: a.chainId,
    livemode: l.livemode,
    created: unixSeconds(l.createdAt),
  };
}

export async function linkOAuth(scope: Scope, input: { oauth_token: string; address: string; chain_id: string }) {
  const identity = await verifyOAuthToken(input.oauth_token);
  if (!identity || identity.tenantId !== scope.tenantId || identity.livemode !== scope.livemode) {
    throw invalidRequest("invalid_oauth_token", "The oauth_token is invalid or expired: verify the id_token again (POST /v1/connect/oauth/verify).", "oauth_token");
  }
  const account = await findAccount(scope, input.address, input.chain_id);
  const where = { tenantId: scope.tenantId, livemode: scope.livemode, provider: identity.provider };
  const existing = await db.connectOAuthLink.findFirst({ where: { ...where, subject: identity.subject } });
  if (existing) {
    if (existing.accountId === account.id) return serializeLink(existing, account);
    throw conflict("oauth_identity_already_linked", `This ${identity.provider} identity is already linked to another account; unlink it there first.`, "oauth_token");
  }
  const taken = await db.connectOAuthLink.findFirst({ where: { accountId: account.id, provider: identity.provider } });
  if (taken) throw conflict("oauth_provider_already_linked", `The account already has a ${identity.provider} identity linked; unlink it first (DELETE /v1/connect/accounts/{address}/oauth/${identity.provider}).`, "address");
  const created = await db.connectOAuthLink.createMany({
    data: [{ id: newId("oal"), ...where, accountId: account.id, subject: identity.subject, email: identity.email }],
    skipDuplicates: true,
  });
  if (created.count === 0) throw conflict("oauth_identity_already_linked", `This ${identity.provider} identity was linked concurrently; retry.`, "oauth_token");
  const link = await db.connectOAuthLink.findFirstOrThrow({ where: { ...where, subject: identity.subject } });
  return serializeLink(link, account);
}

export async function listOAuthLinks(scope: Scope, address: string, chainId: string) {
  const account = await findAccount(scope, address, chainId);
  const links = await db.connectOAuthLink.findMany({ where: { tenantId: scope.tenantId, livemode: scope.livemode, accountId: account.id }, orderBy: { id: "desc" } });
  return { object: "list" as const, data: links.map((l) => serializeLink(l, account)), has_more: false, total: links.length };
}

export async function unlinkOAuth(scope: Scope, address: string, provider: Provider, chainId: string) {
  const account = await findAccount(scope, address, chainId);
  const link = await db.connectOAuthLink.findFirst({ where: { tenantId: scope.tenantId, livemode: scope.livemode, accountId: account.id, provider } });
  if (!link) throw notFound(`${provider} link of account`, address);
  await db.connectOAuthLink.deleteMany({ where: { id: link.id, tenantId: scope.tenantId } });
  return { id: link.id, object: "oauth_link" as const, deleted: true as const, provider };
}
