// Passkeys of console members: a second factor at sign-in. A member registers passkeys on the Team page; from then
// on signing in takes the password and then one of them (a WebAuthn assertion, verified by @simplewebauthn/server),
// and the API's POST /auth/login, which cannot run a ceremony, refuses their password alone. Each ceremony's
// challenge is stored on the user for 5 minutes and consumed by the first answer, so an answer works once.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoUint8Array } from "@simplewebauthn/server/helpers";
import { db } from "@/lib/db";
import { invalidRequest, notFound, unauthorized } from "@/lib/core/errors";
import { newId, unixSeconds } from "@/lib/core/ids";
import { audit } from "@/lib/observability/audit";
import type { UserPasskey } from "@/lib/generated/prisma/client";
import type { Member } from "./members";

/** Where the console is served: the relying party of its passkeys (its host) and the origin ceremonies run on. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export const relyingPartyOf = (baseUrl: string): RelyingParty => {
  const url = new URL(baseUrl);
  return { id: url.hostname, name: "Token Platform console", origin: url.origin };
};

const CHALLENGE_TTL_MS = 5 * 60 * 1000;

const serialize = (passkey: UserPasskey) => ({
  object: "passkey" as const,
  id: passkey.id,
  name: passkey.name,
  created: unixSeconds(passkey.createdAt),
  last_used: passkey.lastUsedAt ? unixSeconds(passkey.lastUsedAt) : null,
});

const transportsOf = (passkey: Pick<UserPasskey, "transports">) => passkey.transports as AuthenticatorTransport[];

async function storeChallenge(userId: string, challenge: string) {
  await db.user.update({ where: { id: userId }, data: { webauthnChallenge: challenge, webauthnChallengeExpiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) } });
}

/** The user's pending challenge, taken so that no second answer can use it; null when none is pending. */
async function takeChallenge(userId: string): Promise<string | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { webauthnChallenge: true } });
  const challenge = user?.webauthnChallenge;
  if (!challenge) return null;
  const { count } = await db.user.updateMany({
    where: { id: userId, webauthnChallenge: challenge, webauthnChallengeExpiresAt: { gt: new Date() } },
    data: { webauthnChallenge: null, webauthnChallengeExpiresAt: null },
  });
  return count ? challenge : null;
}

export async function listPasskeys(userId: string) {
  const rows = await db.userPasskey.findMany({ where: { userId }, orderBy: { id: "asc" } });
  return rows.map(serialize);
}

/** The options of navigator.credentials.create() for a new passkey of the member (their existing ones excluded). */
export async function registrationOptions(member: Member, rp: RelyingParty) {
  const existing = await db.userPasskey.findMany({ where: { userId: member.userId }, select: { credentialId: true, transports: true } });
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: member.email,
    userID: isoUint8Array.fromUTF8String(member.userId),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await storeChallenge(member.userId, options.challenge);
  return options;
}

const badCeremony = (param: string, why: string) => invalidRequest("passkey_invalid", `The passkey's answer was not accepted: ${why}. Try again.`, param);

/** Verifies the browser's registration answer against the pending challenge and stores the passkey. */
export async function addPasskey(member: Member, rp: RelyingParty, response: RegistrationResponseJSON, name: string) {
  const challenge = await takeChallenge(member.userId);
  if (!challenge) throw badCeremony("registration", "it came too late or twice");
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: false });
  } catch (error) {
    throw badCeremony("registration", error instanceof Error ? error.message : "it does not verify");
  }
  if (!verified.verified) throw badCeremony("registration", "it does not verify");
  const { credential } = verified.registrationInfo;
  const passkey = await db.$transaction(async (tx) => {
    const created = await tx.userPasskey.create({
      data: {
        id: newId("upk"),
        userId: member.userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: BigInt(credential.counter),
        transports: credential.transports ?? [],
        name,
      },
    });
    await audit(member.tenantId, "user.passkey_added", { target: member.userId, detail: { email: member.email, passkey: name } }, tx);
    return created;
  });
  return serialize(passkey);
}

export async function removePasskey(member: Member, id: string) {
  const passkey = await db.userPasskey.findFirst({ where: { id, userId: member.userId } });
  if (!passkey) throw notFound("passkey", id);
  await db.$transaction(async (tx) => {
    await tx.userPasskey.delete({ where: { id } });
    await audit(member.tenantId, "user.passkey_removed", { target: member.userId, detail: { email: member.email, passkey: passkey.name } }, tx);
  });
  return { object: "passkey" as const, id, deleted: true as const };
}

export const hasPasskeys = async (userId: string) => (await db.userPasskey.count({ where: { userId } })) > 0;

/** The second step of signing in, for a user whose password was right: the options of navigator.credentials.get(), or null without passkeys. */
export async function signInOptions(userId: string, rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const passkeys = await db.userPasskey.findMany({ where: { userId }, select: { credentialId: true, transports: true } });
  if (!passkeys.length) return null;
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    userVerification: "preferred",
  });
  await storeChallenge(userId, options.challenge);
  return options;
}

const secondFactorFailed = (why: string) => unauthorized("passkey_invalid", `The passkey did not sign you in: ${why}. Sign in again.`);

/**
 * Checks the browser's answer (JSON) to signInOptions for the user of `email`: one of their passkeys signed their
 * pending challenge. 401 `passkey_invalid` otherwise, whatever the reason (no such user, no challenge, a bad answer).
 */
export async function verifySignInPasskey(email: string, rp: RelyingParty, answer: string) {
  const user = await db.user.findUnique({ where: { email: email.toLowerCase() }, select: { id: true } });
  if (!user) throw secondFactorFailed("it is not one of your passkeys");
  let response: AuthenticationResponseJSON;
  try {
    response = JSON.parse(answer);
  } catch {
    throw secondFactorFailed("the answer is not JSON");
  }
  if (!response || typeof response !== "object" || typeof response.id !== "string") throw secondFactorFailed("the answer names no passkey");
  const challenge = await takeChallenge(user.id);
  if (!challenge) throw secondFactorFailed("it came too late or twice");
  const passkey = await db.userPasskey.findFirst({ where: { userId: user.id, credentialId: response.id } });
  if (!passkey) throw secondFactorFailed("it is not one of your passkeys");
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: Number(passkey.counter), transports: transportsOf(passkey) },
      requireUserVerification: false,
    });
  } catch (error) {
    throw secondFactorFailed(error instanceof Error ? error.message : "it does not verify");
  }
  if (!verified.verified) throw secondFactorFailed("it does not verify");
  await db.userPasskey.update({ where: { id: passkey.id }, data: { counter: BigInt(verified.authenticationInfo.newCounter), lastUsedAt: new Date() } });
}
