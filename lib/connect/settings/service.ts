// Connect settings (platform 4.8): CORS origins, OAuth client ids and the WebAuthn relying party, per
// tenant and mode (the API key's environment). One row, created by the first write; reads answer the
// defaults (no origins, no providers, no relying party) while there is none. PUT and POST both apply a
// partial update: only the fields sent change. A new owner_signer comes with the owner's proof (./owner-proof).
import { getAddress } from "viem";
import { db } from "@/lib/db";
import { conflict, invalidRequest } from "@/lib/core/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { requireFeature } from "@/lib/features/service";
import { forgetWalletMode } from "@/lib/connect/settings/wallet-mode";
import { ownerProofUsed, verifyOwnerProof } from "@/lib/connect/settings/owner-proof";
import { unixSeconds } from "@/lib/core/ids";
import { audit } from "@/lib/observability/audit";
import type { ConnectSettings as Row } from "@/lib/generated/prisma/client";
import type { SettingsPatch } from "@/lib/schemas/connect-identity";
import type { Scope } from "@/lib/core/scope";

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
    // Only the switch to connect is gated: switching back to custodial always works (lib/schemas/feature-flags.ts).
    if (patch.wallet_mode === "connect") await requireFeature(scope, "connect_mode");
    const owner = data.ownerSigner ?? current?.ownerSigner;
    if (patch.wallet_mode === "connect" && !owner) throw invalidRequest("parameter_missing", "Missing owner_signer: connect mode needs the owner of the tenant's smart account.", "owner_signer");
    // An owner stored before proofs were required proves control before connect mode is switched on again.
    if (patch.wallet_mode === "connect" && !proven && !current?.ownerProofExpiresAt) {
      throw invalidRequest("parameter_missing", "Missing owner_signature: the stored owner_signer was never proven; send it again with owner_signature and owner_signature_expires_at.", "owner_signature");
    }
    data.walletMode = patch.wallet_mode;
  }
  const row = await db.$transaction(async (tx) => {
    await claimOAuthClients(tx, scope, { google: data.googleClientId, apple: data.appleClientId });
    const row = proven
      ? await writeProven(tx, scope, data, proven)
      : await tx.connectSettings.upsert({
          where: where(scope),
          create: { tenantId: scope.tenantId, livemode: scope.livemode, ...data },
          update: { ...data, updatedAt: new Date() },
        });
    await tx.$executeRaw`DELETE FROM connect_oauth_clients c WHERE c.tenant_id = ${scope.tenantId} AND NOT EXISTS (
      SELECT 1 FROM connect_settings s WHERE s.tenant_id = c.tenant_id
        AND ((c.provider = 'google' AND s.google_client_id = c.client_id) OR (c.provider = 'apple' AND s.apple_client_id = c.client_id)))`;
    await audit(scope.tenantId, "settings.updated", { target: "connect", detail: { fields: Object.keys(data), livemode: scope.livemode, ...(data.walletMode ? { wallet_mode: data.walletMode } : {}) } }, tx);
    return row;
  });
  forgetWalletMode(scope);
  return values(row);
}

/** Writes a change carrying an owner proof only if no proof expiring as late was accepted meanwhile (each is used once). */
async function writeProven(tx: Prisma.TransactionClient, scope: Scope, data: Partial<Omit<ConnectSettingsValues, "updatedAt">>, proofExpiresAt: Date): Promise<Row> {
  const fields = { ...data, ownerProofExpiresAt: proofExpiresAt };
  for (let attempt = 0; attempt < 2; attempt++) {
    const { count } = await tx.connectSettings.updateMany({
      where: { tenantId: scope.tenantId, livemode: scope.livemode, OR: [{ ownerProofExpiresAt: null }, { ownerProofExpiresAt: { lt: proofExpiresAt } }] },
      data: { ...fields, updatedAt: new Date() },
    });
    // No row yet: the first write creates it (a concurrent first write makes this try again).
    const created = count ? 0 : (await tx.connectSettings.createMany({ data: [{ tenantId: scope.tenantId, livemode: scope.livemode, ...fields }], skipDuplicates: true })).count;
    if (count || created) return tx.connectSettings.findUniqueOrThrow({ where: where(scope) });
  }
  throw ownerProofUsed();
}

// A Google/Apple client id belongs to one tenant (either of its modes): another tenant accepting id_tokens
// minted for that app would let one tenant's users sign in to another's accounts.
async function claimOAuthClients(tx: Prisma.TransactionClient, scope: Scope, ids: Record<"google" | "apple", string | null | undefined>) {
  for (const provider of ["google", "apple"] as const) {
    const clientId = ids[provider];
    if (!clientId) continue;
    await tx.connectOAuthClient.createMany({ data: [{ provider, clientId, tenantId: scope.tenantId }], skipDuplicates: true });
    const owner = await tx.connectOAuthClient.findUnique({ where: { provider_clientId: { provider, clientId } } });
    if (owner && owner.tenantId !== scope.tenantId) {
      throw conflict("oauth_client_id_taken", `This ${provider} client id is configured by another tenant: a client id belongs to one tenant; use your own app's.`, `${provider}_client_id`);
    }
  }
}

/** Whether this tenant holds the client id (set through settings); false when another tenant claimed it first. */
export async function ownsOAuthClient(scope: Scope, provider: "google" | "apple", clientId: string) {
  const owner = await db.connectOAuthClient.findUnique({ where: { provider_clientId: { provider, clientId } } });
  return owner?.tenantId === scope.tenantId;
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
