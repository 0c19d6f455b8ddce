// Passkeys of Connect accounts (onchain-modules 4.1): WebAuthn credential metadata stored per smart
// account; the private key never leaves the user's authenticator.
// POST /v1/connect/passkeys takes, preferably, the browser's registration response and verifies it with
// @simplewebauthn/server: rp_id from GET /v1/settings/passkeys, origin = one of the tenant's allowed
// origins (GET /v1/settings/cors) whose host is rp_id or under it, the challenge the caller's server
// issued (sent as `challenge`), ES256 (P-256, what the on-chain WebAuthn validator checks), user
// presence and verification. Without a registration response, a credential id and COSE P-256 public key
// are stored as given (`verified: false`).
import { verifyRegistrationResponse, type RegistrationResponseJSON } from "@simplewebauthn/server";
import { cose, decodeCredentialPublicKey, isoBase64URL } from "@simplewebauthn/server/helpers";
import { getAddress, toHex } from "viem";
import { db } from "@/lib/db";
import { createOnce } from "@/lib/db/answer-once";
import { conflict, invalidRequest, notFound } from "@/lib/core/errors";
import { newId, unixSeconds } from "@/lib/core/ids";
import { paginate } from "@/lib/core/pagination";
import type { ConnectAccount, ConnectPasskey } from "@/lib/generated/prisma/client";
import type { ListParams } from "@/lib/schemas/common";
import type { Scope } from "@/lib/core/scope";
import { readSettings } from "@/lib/connect/settings/service";
import { accountsAt, findAccount } from "@/lib/connect/accounts/service";

export interface PasskeyInput {
  address: string;
  chain_id: string;
  name?: string;
  registration?: Record<string, unknown>;
  challenge?: string;
  credential_id?: string;
  public_key?: string;
  sign_count?: number;
  transports?: string[];
}

interface Credential {
  credentialId: string;
  publicKey: Uint8Array;
  signCount: number;
  transports: string[];
  aaguid: string | null;
  deviceType: string | null;
  backedUp: boolean | null;
  verified: boolean;
}

/** The P-256 point of a COSE key, or a 400 naming `param`. */
function p256Point(publicKey: Uint8Array, param: string): { x: string; y: string } {
  let key: ReturnType<typeof decodeCredentialPublicKey>;
  try {
    key = decodeCredentialPublicKey(publicKey as Uint8Array<ArrayBuffer>);
  } catch {
    throw invalidRequest("parameter_invalid", `Invalid ${param}: not a CBOR-encoded COSE key`, param);
  }
  if (!(key instanceof Map) || !cose.isCOSEPublicKeyEC2(key) || key.get(cose.COSEKEYS.crv) !== cose.COSECRV.P256 || key.get(cose.COSEKEYS.alg) !== cose.COSEALG.ES256) {
    throw invalidRequest("passkey_algorithm_unsupported", `Invalid ${param}: only ES256 (P-256) passkeys are supported`, param);
  }
  const x = key.get(cose.COSEKEYS.x);
  const y = key.get(cose.COSEKEYS.y);
  if (!(x instanceof Uint8Array) || !(y instanceof Uint8Array) || x.length !== 32 || y.length !== 32) {
    throw invalidRequest("parameter_invalid", `Invalid ${param}: the P-256 point needs 32-byte x and y`, param);
  }
  return { x: toHex(x), y: toHex(y) };
}

/** Allowed origins a WebAuthn ceremony for `rpId` may run on: the rp_id's host itself or a subdomain. */
export function passkeyOrigins(allowedOrigins: string[], rpId: string) {
  return allowedOrigins.filter((o) => {
    const host = new URL(o).hostname;
    return host === rpId || host.endsWith(`.${rpId}`);
  });
}

async function verifiedCredential(scope: Scope, input: PasskeyInput): Promise<Credential> {
  if (!input.challenge) throw invalidRequest("parameter_missing", "Missing required parameter: challenge (the challenge the registration was made with)", "challenge");
  const settings = await readSettings(scope);
  if (!settings.rpId) throw invalidRequest("passkeys_not_configured", "Set the relying-party id first (PUT /v1/settings/passkeys rp_id).", "registration");
  const origins = passkeyOrigins(settings.allowedOrigins, settings.rpId);
  if (!origins.length) {
    throw invalidRequest("passkeys_not_configured", `No allowed origin is on ${settings.rpId}: add the DApp's origin (PUT /v1/settings/cors).`, "registration");
  }
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({
      response: input.registration as unknown as RegistrationResponseJSON,
      expectedChallenge: input.challenge,
      expectedOrigin: origins,
      expectedRPID: settings.rpId,
      requireUserVerification: true,
      supportedAlgorithmIDs: [cose.COSEALG.ES256],
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message.slice(0, 300) : "unreadable response";
    throw invalidRequest("passkey_registration_invalid", `The registration response does not verify: ${reason}`, "registration");
  }
  if (!result.verified) throw invalidRequest("passkey_registration_invalid", "The registration response does not verify.", "registration");
  const info = result.registrationInfo;
  const transports = (input.registration as { response?: { transports?: string[] } }).response?.transports ?? info.credential.transports ?? [];
  return {
    credentialId: info.credential.id,
    publicKey: info.credential.publicKey,
    signCount: info.credential.counter,
    transports: [...new Set(transports)],
    aaguid: info.aaguid,
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    verified: true,
  };
}

function givenCredential(input: PasskeyInput): Credential {
  if (!input.credential_id) throw invalidRequest("parameter_missing", "Missing required parameter: credential_id (or send registration)", "credential_id");
  if (!input.public_key) throw invalidRequest("parameter_missing", "Missing required parameter: public_key (or send registration)", "public_key");
  return {
    credentialId: input.credential_id.replace(/=+$/, ""),
    publicKey: isoBase64URL.toBuffer(input.public_key.replace(/=+$/, "")),
    signCount: input.sign_count ?? 0,
    transports: [...new Set(input.transports ?? [])],
    aaguid: null,
    deviceType: null,
    backedUp: null,
    verified: false,
  };
}

export function serializePasskey(p: ConnectPasskey, account: Pick<ConnectAccount, "address" | "chainId">) {
  return {
    object: "passkey" as const,
    id: p.id,
    credential_id: p.credentialId,
    address: getAddress(account.address),
    chain_id: account.chainId,
    name: p.name,
    public_key: p.publicKey,
    public_key_x: p.publicKeyX,
    public_key_y: p.publicKeyY,
    algorithm: p.algorithm,
    sign_count: Number(p.signCount),
    transports: p.transports,
    aaguid: p.aaguid,
    device_type: p.deviceType,
    backed_up: p.backedUp,
    verified: p.verified,
    livemode: p.livemode,
    created: unixSeconds(p.createdAt),
  };
}

export async function addPasskey(scope: Scope, input: PasskeyInput) {
  if (input.registration && (input.credential_id || input.public_key)) {
    throw invalidRequest("parameter_invalid", "Send either registration (preferred) or credential_id + public_key, not both.", "credential_id");
  }
  const account = await findAccount(scope, input.address, input.chain_id);
  const credential = input.registration ? await verifiedCredential(scope, input) : givenCredential(input);
  const point = p256Point(credential.publicKey, input.registration ? "registration" : "public_key");
  const id = newId("psk");
  // The answer commits with the row (lib/db/answer-once): a retry after a failure past the commit replays it, not 409.
  return createOnce("passkey", async (tx) => {
    const { count } = await tx.connectPasskey.createMany({
      data: [{
        id,
        tenantId: scope.tenantId,
        livemode: scope.livemode,
        accountId: account.id,
        credentialId: credential.credentialId,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey as Uint8Array<ArrayBuffer>),
        publicKeyX: point.x,
        publicKeyY: point.y,
        algorithm: cose.COSEALG.ES256,
        signCount: BigInt(credential.signCount),
        transports: credential.transports,
        aaguid: credential.aaguid,
        deviceType: credential.deviceType,
        backedUp: credential.backedUp,
        verified: credential.verified,
        name: input.name ?? null,
      }],
      skipDuplicates: true,
    });
    if (!count) throw conflict("passkey_exists", `A passkey with credential id '${credential.credentialId.slice(0, 100)}' is already registered.`, "credential_id");
    return serializePasskey(await tx.connectPasskey.findUniqueOrThrow({ where: { id } }), account);
  });
}

/** The tenant's accounts at `address` (on `chainId` when given), or 404. */
export async function listPasskeys(scope: Scope, address: string, query: ListParams & { chain_id?: string }) {
  const accounts = new Map((await accountsAt(scope, address, query.chain_id)).map((a) => [a.id, a]));
  return paginate(db.connectPasskey, { tenantId: scope.tenantId, livemode: scope.livemode, accountId: { in: [...accounts.keys()] } }, query, (p) =>
    serializePasskey(p, accounts.get(p.accountId)!),
  );
}

export async function deletePasskey(scope: Scope, address: string, credentialId: string, chainId?: string) {
  const accounts = new Map((await accountsAt(scope, address, chainId)).map((a) => [a.id, a]));
  const passkey = await db.connectPasskey.findFirst({
    where: { tenantId: scope.tenantId, livemode: scope.livemode, credentialId: credentialId.replace(/=+$/, ""), accountId: { in: [...accounts.keys()] } },
  });
  if (!passkey) throw notFound("passkey", credentialId);
  await db.connectPasskey.deleteMany({ where: { id: passkey.id, tenantId: scope.tenantId } });
  return { id: passkey.id, object: "passkey" as const, deleted: true as const, credential_id: passkey.credentialId };
}
