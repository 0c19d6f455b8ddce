// Connect settings (platform 4.8): CORS origins, OAuth client ids and the WebAuthn relying party, per
// tenant and mode (the API key's environment). One row, created by the first write; reads answer the
// defaults (no origins, no providers, no relying party) while there is none. PUT and POST both apply a
// partial update: only the fields sent change. A new owner_signer comes with the owner's proof (./owner-proof).
import { getAddress } from "viem";
import { db } from "@/lib/db";
import { invalidRequest } from "@/lib/api/errors";
import { forgetWalletMode } from "./wallet-mode";
import { ownerProofUsed, verifyOwnerProof } from "./owner-proof";
import { unixSeconds } from "@/lib/api/ids";
import type { ConnectSettings as Row } from "@/lib/generated/prisma/client";
import type { SettingsPatch } from "@/lib/schemas/connect-identity";
import type { Scope } from "@/lib/tokens/scope";

export interface ConnectSettingsValues {
  allowedOrigins: string[];
  googleClientId: string | null;
  appleClientId: string | null;
  rpId: string | null;
  rpName: string | null;
  walletMode: "custodial" | "connect";
  ownerSigner: string | null;
  updatedAt: Date | null;
}

const DEFAULTS: ConnectSettingsValues = {
  allowedOrigins: [], googleClientId: null, appleClientId: null, rpId: null, rpName: null, walletMode: "custodial", ownerSigner: null, updatedAt: null,
};

const where = (scope: Scope) => ({ tenantId_livemode: { tenantId: scope.tenantId, livemode: scope.livemode } });

export async function readSettings(scope: Scope): Promise<ConnectSettingsValues> {
  const row = await db.connectSettings.findUnique({ where: where(scope) });
  return row ? values(row) : { ...DEFAULTS };
}

const values = (row: Row): ConnectSettingsValues => ({
  allowedOrigins: row.allowedOrigins,
  googleClientId: row.googleClientId,
  appleClientId: row.appleClientId,
  rpId: row.rpId,
  rpName: row.rpName,
  walletMode: row.walletMode as "custodial" | "connect",
  ownerSigner: row.ownerSigner,
  updatedAt: row.updatedAt,
});

export async function updateSettings(scope: Scope, patch: SettingsPatch): Promise<ConnectSettingsValues> {
  const current = await db.connectSettings.findUnique({ where: where(scope) });
  const data: Partial<Omit<ConnectSettingsValues, "updatedAt">> = {};
  if (patch.allowed_origins !== undefined) data.allowedOrigins = [...new Set(patch.allowed_origins)];
  if (patch.google_client_id !== undefined) data.googleClientId = patch.google_client_id;
  if (patch.apple_client_id !== undefined) data.appleClientId = patch.apple_client_id;
  if (patch.rp_id !== undefined) data.rpId = patch.rp_id;
  if (patch.rp_name !== undefined) data.rpName = patch.rp_name;
  let proven: Date | null = null;
  if (patch.owner_signer !== undefined) {
    proven = await verifyOwnerProof(scope, { ...patch, owner_signer: patch.owner_signer }, current?.ownerProofExpiresAt ?? null);
    data.ownerSigner = getAddress(patch.owner_signer);
  } else if (patch.owner_signature !== undefined || patch.owner_signature_expires_at !== undefined) {
    throw invalidRequest("parameter_missing", "Missing owner_signer: owner_signature proves it, so they are sent together.", "owner_signer");
  }
  if (patch.wallet_mode !== undefined) {
    const owner = data.ownerSigner ?? current?.ownerSigner;
    if (patch.wallet_mode === "connect" && !owner) throw invalidRequest("parameter_missing", "Missing owner_signer: connect mode needs the owner of the tenant's smart account.", "owner_signer");
    // An owner stored before proofs were required proves control before connect mode is switched on again.
    if (patch.wallet_mode === "connect" && !proven && !current?.ownerProofExpiresAt) {
      throw invalidRequest("parameter_missing", "Missing owner_signature: the stored owner_signer was never proven; send it again with owner_signature and owner_signature_expires_at.", "owner_signature");
    }
    data.walletMode = patch.wallet_mode;
  }
  const row = proven
    ? await writeProven(scope, data, proven)
    : await db.connectSettings.upsert({
        where: where(scope),
        create: { tenantId: scope.tenantId, livemode: scope.livemode, ...data },
        update: { ...data, updatedAt: new Date() },
      });
  forgetWalletMode(scope);
  return values(row);
}

/** Writes a change carrying an owner proof only if no proof expiring as late was accepted meanwhile (each is used once). */
async function writeProven(scope: Scope, data: Partial<Omit<ConnectSettingsValues, "updatedAt">>, proofExpiresAt: Date): Promise<Row> {
  const fields = { ...data, ownerProofExpiresAt: proofExpiresAt };
  for (let attempt = 0; attempt < 2; attempt++) {
    const { count } = await db.connectSettings.updateMany({
      where: { tenantId: scope.tenantId, livemode: scope.livemode, OR: [{ ownerProofExpiresAt: null }, { ownerProofExpiresAt: { lt: proofExpiresAt } }] },
      data: { ...fields, updatedAt: new Date() },
    });
    // No row yet: the first write creates it (a concurrent first write makes this try again).
    const created = count ? 0 : (await db.connectSettings.createMany({ data: [{ tenantId: scope.tenantId, livemode: scope.livemode, ...fields }], skipDuplicates: true })).count;
    if (count || created) return db.connectSettings.findUniqueOrThrow({ where: where(scope) });
  }
  throw ownerProofUsed();
}

// ---------------------------------------------------------------------------------------------------
// Representations

const meta = (scope: Scope, s: ConnectSettingsValues) => ({ livemode: scope.livemode, updated: s.updatedAt ? unixSeconds(s.updatedAt) : null });

const corsOf = (s: ConnectSettingsValues) => ({ allowed_origins: s.allowedOrigins });
const oauthOf = (s: ConnectSettingsValues) => ({
  google_client_id: s.googleClientId,
  apple_client_id: s.appleClientId,
  providers: [...(s.googleClientId ? ["google" as const] : []), ...(s.appleClientId ? ["apple" as const] : [])],
});
const passkeysOf = (s: ConnectSettingsValues) => ({ rp_id: s.rpId, rp_name: s.rpName });

export const serializeCors = (scope: Scope, s: ConnectSettingsValues) => ({ object: "cors_settings" as const, ...corsOf(s), ...meta(scope, s) });
export const serializeOAuth = (scope: Scope, s: ConnectSettingsValues) => ({ object: "oauth_settings" as const, ...oauthOf(s), ...meta(scope, s) });
export const serializePasskeys = (scope: Scope, s: ConnectSettingsValues) => ({ object: "passkey_settings" as const, ...passkeysOf(s), ...meta(scope, s) });
export const serializeConnect = (scope: Scope, s: ConnectSettingsValues) => ({
  object: "connect_settings" as const,
  cors: corsOf(s),
  oauth: oauthOf(s),
  passkeys: passkeysOf(s),
  wallet_mode: s.walletMode,
  owner_signer: s.ownerSigner,
  ...meta(scope, s),
});

type Section = "cors" | "oauth" | "passkeys" | "connect";
const SERIALIZERS = { cors: serializeCors, oauth: serializeOAuth, passkeys: serializePasskeys, connect: serializeConnect };

/** GET of a settings section. */
export async function getSection(scope: Scope, section: Section) {
  return SERIALIZERS[section](scope, await readSettings(scope));
}

/** PUT/POST of a settings section: a partial update; answers the section as it now is. */
export async function patchSection(scope: Scope, section: Section, body: Record<string, unknown>) {
  const { idempotency_key: _, ...fields } = body;
  const { cors, oauth, passkeys, ...wallet } = fields;
  const patch: SettingsPatch = section === "connect" ? { ...(cors as object), ...(oauth as object), ...(passkeys as object), ...wallet } : (fields as SettingsPatch);
  return SERIALIZERS[section](scope, await updateSettings(scope, patch));
}
