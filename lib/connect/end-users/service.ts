// End users of a tenant on the Connect pages (app/(connect)/connect/[publishableKey]): the page URL carries
// the tenant's publishable key (pk_test_… / pk_live_…, never a secret), resolved here to the tenant and
// mode. Everything the pages do runs server-side with that scope:
//   create a passkey   registration options (challenge issued and remembered here, used once) → the
//                      browser's registration response, verified with @simplewebauthn/server → a
//                      passkey-owned smart account (lib/connect/accounts/passkey.ts) with the passkey stored
//                      on it (POST /v1/connect/passkeys's logic) → an end-user session
//   sign in            authentication options (challenge) → the assertion, verified against the stored
//                      credential (its counter updated) → an end-user session for the passkey's account
//   operations         the session account's operations awaiting a signature; a transfer it prepares; a
//                      passkey signature (validator layout) sent with sign-and-relay; their status.
// The account lives on the mode's default network (test: polygon_amoy, live: polygon).
import { randomBytes } from "node:crypto";
import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
  type AuthenticationResponseJSON, type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { cose, decodeCredentialPublicKey, isoBase64URL } from "@simplewebauthn/server/helpers";
import { encodeFunctionData, erc20Abi, getAddress, isAddress, type Address, type Hex } from "viem";
import { db } from "@/lib/db";
import { ApiError, invalidRequest, notFound } from "@/lib/core/errors";
import { findNetwork } from "@/lib/chain/network/networks";
import type { Scope } from "@/lib/core/scope";
import { accountDetails, registerAccount } from "@/lib/connect/accounts/service";
import { cancelOp, pendingOps, prepareUserOperation, signAndRelay } from "@/lib/connect/user-ops/prepare";
import { addPasskey, passkeyOrigins } from "@/lib/connect/end-users/passkeys";
import { listAccountRelays, relayStatus } from "@/lib/connect/user-ops/relay";
import { readSettings } from "@/lib/connect/settings/service";

const CHALLENGE_TTL_MS = 5 * 60_000;

export interface EndUserContext {
  scope: Scope;
  publishableKey: string;
  chainId: string;
  rpId: string | null;
  rpName: string;
  /** The passkey ceremonies' origins (allowed origins on the rp_id). */
  origins: string[];
  /** The tenant's allowed origins (GET /v1/settings/cors); wallet sign-in's domains. */
  allowedOrigins: string[];
}

/** The tenant and mode of a publishable key (not revoked), with its passkey settings; null otherwise. */
export async function endUserContext(publishableKey: string): Promise<EndUserContext | null> {
  if (!/^pk_(test|live)_[0-9A-Za-z]{1,64}$/.test(publishableKey)) return null;
  const key = await db.apiKey.findUnique({ where: { publishable: publishableKey } });
  if (!key || key.revokedAt) return null;
  const scope = { tenantId: key.tenantId, livemode: key.environment === "live" };
  const settings = await readSettings(scope);
  const chainId = String(findNetwork(scope.livemode ? "polygon" : "polygon_amoy")!.chainId);
  return {
    scope,
    publishableKey,
    chainId,
    rpId: settings.rpId,
    rpName: settings.rpName ?? "Smart account",
    origins: settings.rpId ? passkeyOrigins(settings.allowedOrigins, settings.rpId) : [],
    allowedOrigins: settings.allowedOrigins,
  };
}

function requirePasskeys(ctx: EndUserContext): string {
  if (!ctx.rpId || !ctx.origins.length) {
    throw invalidRequest("passkeys_not_configured", "Passkeys are not set up for this application yet (relying-party id and an allowed origin on it).");
  }
  return ctx.rpId;
}

type ChallengePurpose = "registration" | "authentication" | "siwe";

/** Remembers a challenge this page issued (5 minutes, used once); "siwe" nonces: lib/connect/end-users/siwe-page.ts. */
export async function issueChallenge(ctx: EndUserContext, purpose: ChallengePurpose, challenge: string) {
  await db.connectEndUserChallenge.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  await db.connectEndUserChallenge.create({
    data: { id: `euc_${randomBytes(12).toString("hex")}`, tenantId: ctx.scope.tenantId, livemode: ctx.scope.livemode, purpose, challenge, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) },
  });
}

/** The challenge a ceremony's clientDataJSON carries, consumed once (issued here, this tenant, this purpose, not expired). */
async function consumeChallenge(ctx: EndUserContext, purpose: ChallengePurpose, clientDataJSON: unknown): Promise<string> {
  let challenge: unknown;
  try {
    challenge = JSON.parse(isoBase64URL.toUTF8String(String(clientDataJSON))).challenge;
  } catch {
    challenge = null;
  }
  if (typeof challenge !== "string") throw invalidRequest("passkey_response_invalid", "The passkey response carries no challenge.");
  if (!(await takeChallenge(ctx, purpose, challenge))) throw invalidRequest("challenge_invalid", "This passkey request expired or was already used: try again.");
  return challenge;
}

/** Consumes a challenge issued here for this tenant, mode and purpose and not expired: true once, false after. */
export async function takeChallenge(ctx: EndUserContext, purpose: ChallengePurpose, challenge: string): Promise<boolean> {
  const { count } = await db.connectEndUserChallenge.deleteMany({
    where: { challenge, tenantId: ctx.scope.tenantId, livemode: ctx.scope.livemode, purpose, expiresAt: { gt: new Date() } },
  });
  return count > 0;
}

// ---- create a passkey → account ----

export async function registrationOptions(ctx: EndUserContext) {
  const rpID = requirePasskeys(ctx);
  const options = await generateRegistrationOptions({
    rpName: ctx.rpName,
    rpID,
    userName: `account-${randomBytes(4).toString("hex")}`,
    userDisplayName: "Smart account",
    attestationType: "none",
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    supportedAlgorithmIDs: [-7], // ES256: the on-chain validator verifies P-256
  });
  await issueChallenge(ctx, "registration", options.challenge);
  return options;
}

/** Verifies the registration, registers the passkey-owned account and stores the passkey on it. */
export async function completeRegistration(ctx: EndUserContext, response: RegistrationResponseJSON) {
  requirePasskeys(ctx);
  const challenge = await consumeChallenge(ctx, "registration", response?.response?.clientDataJSON);
  // The key is known only after verification: verify once to read it (the same checks POST
  // /v1/connect/passkeys makes), register the account it owns, then store the passkey on that account.
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({
      response, expectedChallenge: challenge, expectedOrigin: ctx.origins, expectedRPID: ctx.rpId!, requireUserVerification: true, supportedAlgorithmIDs: [-7],
    });
  } catch (err) {
    throw invalidRequest("passkey_registration_invalid", `The passkey registration does not verify: ${err instanceof Error ? err.message.slice(0, 200) : "unreadable"}`);
  }
  if (!result.verified) throw invalidRequest("passkey_registration_invalid", "The passkey registration does not verify.");
  const key = decodeCredentialPublicKey(result.registrationInfo.credential.publicKey as Uint8Array<ArrayBuffer>);
  if (!cose.isCOSEPublicKeyEC2(key) || key.get(cose.COSEKEYS.crv) !== cose.COSECRV.P256) {
    throw invalidRequest("passkey_algorithm_unsupported", "Only P-256 passkeys are supported.");
  }
  const x = key.get(cose.COSEKEYS.x);
  const y = key.get(cose.COSEKEYS.y);
  if (!x || !y || x.length !== 32 || y.length !== 32) throw invalidRequest("passkey_algorithm_unsupported", "Only P-256 passkeys are supported.");
  const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString("hex")}`;
  const account = await registerAccount(ctx.scope, { validator: "passkey", chain_id: ctx.chainId, public_key_x: hex(x), public_key_y: hex(y) });
  const passkey = await addPasskey(ctx.scope, {
    address: account.address, chain_id: ctx.chainId, name: "Passkey", challenge, registration: response as unknown as Record<string, unknown>,
  });
  return { account, credentialId: passkey.credential_id };
}

// ---- sign in with a passkey ----

export async function authenticationOptions(ctx: EndUserContext) {
  const rpID = requirePasskeys(ctx);
  const options = await generateAuthenticationOptions({ rpID, userVerification: "required" }); // discoverable: any of this site's passkeys
  await issueChallenge(ctx, "authentication", options.challenge);
  return options;
}

/** Verifies the assertion against the stored credential (counter updated); the passkey's account. */
export async function completeAuthentication(ctx: EndUserContext, response: AuthenticationResponseJSON) {
  requirePasskeys(ctx);
  const challenge = await consumeChallenge(ctx, "authentication", response?.response?.clientDataJSON);
  const passkey = await db.connectPasskey.findFirst({
    where: { tenantId: ctx.scope.tenantId, livemode: ctx.scope.livemode, credentialId: String(response?.id ?? "").replace(/=+$/, "") },
  });
  if (!passkey) throw invalidRequest("passkey_unknown", "This passkey is not registered here: create one first.");
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: ctx.origins,
      expectedRPID: ctx.rpId!,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey) as Uint8Array<ArrayBuffer>,
        counter: Number(passkey.signCount),
        transports: passkey.transports as never,
      },
    });
  } catch (err) {
    throw invalidRequest("passkey_authentication_invalid", `The passkey sign-in does not verify: ${err instanceof Error ? err.message.slice(0, 200) : "unreadable"}`);
  }
  if (!result.verified) throw invalidRequest("passkey_authentication_invalid", "The passkey sign-in does not verify.");
  await db.connectPasskey.updateMany({
    where: { id: passkey.id, tenantId: ctx.scope.tenantId },
    data: { signCount: BigInt(result.authenticationInfo.newCounter) },
  });
  const account = await db.connectAccount.findFirst({ where: { id: passkey.accountId, tenantId: ctx.scope.tenantId, livemode: ctx.scope.livemode } });
  if (!account) throw notFound("connect account", passkey.accountId);
  return { accountId: account.id, credentialId: passkey.credentialId };
}

// ---- the signed-in account ----

export async function sessionAccount(ctx: EndUserContext, accountId: string) {
  const account = await db.connectAccount.findFirst({ where: { id: accountId, tenantId: ctx.scope.tenantId, livemode: ctx.scope.livemode } });
  if (!account) return null;
  const details = await accountDetails(ctx.scope, account.address, account.chainId).catch(() => null);
  const [pending, recent] = await Promise.all([
    pendingOps(ctx.scope, { account: account.address, chain_id: account.chainId, limit: 20 }),
    listAccountRelays(ctx.scope, account.address, { chain_id: account.chainId, limit: 10 }),
  ]);
  return {
    id: account.id,
    address: getAddress(account.address),
    chainId: account.chainId,
    network: account.network,
    validator: account.validator,
    deployed: details?.deployed ?? null,
    pending: pending.data.map(opView),
    recent: recent.data.filter((o) => o.status !== "awaiting_sign").map(opView),
  };
}

export type SessionAccount = NonNullable<Awaited<ReturnType<typeof sessionAccount>>>;

const opView = (o: { user_op_hash: string; status: string; created: number; transaction_hash: string | null; failure_reason: string | null }) => ({
  userOpHash: o.user_op_hash as Hex,
  status: o.status,
  created: o.created,
  transactionHash: o.transaction_hash,
  failureReason: o.failure_reason,
});

async function ownOp(ctx: EndUserContext, accountId: string, hash: string) {
  const account = await db.connectAccount.findFirst({ where: { id: accountId, tenantId: ctx.scope.tenantId, livemode: ctx.scope.livemode } });
  const op = account ? await relayStatus(ctx.scope, hash).catch(() => null) : null;
  if (!account || !op || op.account.toLowerCase() !== account.address.toLowerCase()) throw notFound("operation", hash);
  return op;
}

/** A transfer of an ERC-20 (amount in its smallest unit) from the session account, awaiting its passkey signature. */
export async function prepareTransfer(ctx: EndUserContext, accountId: string, input: { token: string; to: string; amount: string }) {
  const account = await db.connectAccount.findFirst({ where: { id: accountId, tenantId: ctx.scope.tenantId, livemode: ctx.scope.livemode } });
  if (!account) throw notFound("connect account", accountId);
  if (!isAddress(input.token, { strict: false })) throw invalidRequest("parameter_invalid", "The token must be a contract address (0x…).", "token");
  if (!isAddress(input.to, { strict: false })) throw invalidRequest("parameter_invalid", "The recipient must be an address (0x…).", "to");
  if (!/^[1-9]\d{0,77}$/.test(input.amount)) throw invalidRequest("parameter_invalid", "The amount must be a positive whole number of the token's smallest unit.", "amount");
  const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [getAddress(input.to) as Address, BigInt(input.amount)] });
  const op = await prepareUserOperation(ctx.scope, { address: account.address, chain_id: account.chainId, calls: [{ to: getAddress(input.token), data }] });
  return opView(op);
}

/** The passkey's signature (validator layout) for one of the session account's waiting operations → the bundler. */
export async function signWithPasskey(ctx: EndUserContext, accountId: string, hash: string, signature: string) {
  await ownOp(ctx, accountId, hash);
  if (!/^0x([0-9a-fA-F]{2}){64,4096}$/.test(signature)) throw invalidRequest("signature_invalid", "Not a passkey signature.", "signature");
  return opView(await signAndRelay(ctx.scope, hash, signature));
}

export async function cancelOperation(ctx: EndUserContext, accountId: string, hash: string) {
  await ownOp(ctx, accountId, hash);
  return opView(await cancelOp(ctx.scope, hash));
}

export async function operationStatus(ctx: EndUserContext, accountId: string, hash: string) {
  return opView(await ownOp(ctx, accountId, hash));
}

/** What the pages show of a failure: an ApiError's message (a 4xx or the bundler's 502), nothing internal. */
export function userMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return "Something went wrong; try again.";
}
