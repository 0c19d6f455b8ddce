// Connect identity (onchain-modules 4.1 and platform 4.8): Connect settings (CORS, OAuth, passkeys),
// OAuth links, sign-in with Ethereum, passkeys, safety net and paymasters.
import { z } from "zod";
import { Address, Deleted, ListQuery, listOf, singleLine, writeBody, apiObject, Recorded } from "./common";

export const ChainIdString = z
  .string()
  .regex(/^\d{1,12}$/, "must be a chain id in decimal digits, as a string")
  .meta({ description: "EVM chain id of the account's network, as a string (e.g. \"80002\" for polygon_amoy).", example: "80002" });

// ---------------------------------------------------------------------------------------------------
// Settings

export const MAX_ALLOWED_ORIGINS = 50;

/** scheme://host[:port], no path, query, fragment or credentials; answered in the URL standard's origin form. */
export const Origin = z
  .string()
  .max(255)
  .transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: "must be an origin such as https://app.example.com" });
      return z.NEVER;
    }
    const bare = value.replace(/\/$/, "");
    if (
      !["http:", "https:"].includes(url.protocol) ||
      url.username || url.password || url.pathname !== "/" || url.search || url.hash ||
      bare.toLowerCase() !== url.origin.toLowerCase()
    ) {
      ctx.addIssue({ code: "custom", message: "must be an origin: http(s)://host[:port] without path, query or fragment" });
      return z.NEVER;
    }
    return url.origin;
  })
  .meta({ example: "https://app.example.com" });

const OAuthClientId = singleLine(z.string().min(1).max(255));

/** A registrable domain name (lower case, no scheme, port or path) or "localhost". */
export const RpId = z
  .string()
  .max(253)
  .regex(
    /^(localhost|(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?)$/,
    "must be a domain name in lower case (e.g. example.com) or localhost, without scheme, port or path",
  )
  .meta({ example: "example.com" });

const CorsFields = {
  allowed_origins: z
    .array(Origin)
    .max(MAX_ALLOWED_ORIGINS)
    .meta({ description: `Origins (scheme://host[:port]) allowed to call /v1/connect/** from a browser; at most ${MAX_ALLOWED_ORIGINS}. Replaces the list when sent.` }),
};
const OAuthFields = {
  google_client_id: OAuthClientId.nullable().meta({ description: "OAuth client id of the tenant's Google app: the audience of Google id_tokens. null removes it." }),
  apple_client_id: OAuthClientId.nullable().meta({ description: "Services id (client id) of the tenant's Sign in with Apple app: the audience of Apple id_tokens. null removes it." }),
};
const PasskeyFields = {
  rp_id: RpId.nullable().meta({ description: "WebAuthn relying-party id: the DApp's registrable domain (or localhost). Passkey registrations are verified against it." }),
  rp_name: singleLine(z.string().min(1).max(100)).nullable().meta({ description: "Relying-party name shown by authenticators." }),
};

const partial = <S extends z.ZodRawShape>(shape: S) => Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, (v as z.ZodType).optional()])) as unknown as {
  [K in keyof S]: z.ZodOptional<S[K]>;
};

export const CorsSettingsInput = writeBody(partial(CorsFields)).meta({ id: "CorsSettingsInput" });
export const OAuthSettingsInput = writeBody(partial(OAuthFields)).meta({ id: "OAuthSettingsInput" });
export const PasskeySettingsInput = writeBody(partial(PasskeyFields)).meta({ id: "PasskeySettingsInput" });
export const ConnectSettingsInput = writeBody({
  cors: z.strictObject(partial(CorsFields)).optional(),
  oauth: z.strictObject(partial(OAuthFields)).optional(),
  passkeys: z.strictObject(partial(PasskeyFields)).optional(),
  wallet_mode: z.enum(["custodial", "connect"]).optional().meta({
    description:
      "`connect`: the tenant's chain writes (token deploys and operations) are made by the smart account of `owner_signer` on each network, " +
      "as user operations awaiting the owner's signature (GET /v1/connect/ops/pending), or signed by a session key the owner granted. " +
      "`custodial` (the default of new tenants): the custodial wallet signs them. Applies to writes made from a few seconds after the change.",
  }),
  owner_signer: Address.optional().meta({
    description:
      "The owner's address (the ECDSA key that signs the smart account's user operations); required to switch to `connect`. " +
      "Sent with `owner_signature` and `owner_signature_expires_at`: the owner proves control of the key for this tenant and mode.",
  }),
  owner_signature: z
    .string()
    .regex(/^0x([0-9a-fA-F]{2}){64,65}$/, "must be a 64- or 65-byte 0x-prefixed ECDSA signature")
    .optional()
    .meta({
      description:
        "Required with `owner_signer`: the owner's EIP-712 signature (eth_signTypedData_v4) of " +
        "domain `{ name: \"Token Platform Connect Owner\", version: \"1\" }`, primary type " +
        "`ConnectOwner(string tenant,bool livemode,address owner,uint256 expiresAt)` with message " +
        "`{ tenant: <your tenant id>, livemode: <the API key's mode>, owner: owner_signer, expiresAt: owner_signature_expires_at }`. " +
        "A signature for another tenant, mode or owner answers 400.",
    }),
  owner_signature_expires_at: z
    .number()
    .int()
    .positive()
    .optional()
    .meta({
      description:
        "Required with `owner_signature`: Unix seconds, in the future and at most one hour ahead; the `expiresAt` the owner signed. " +
        "Each proof is used once: it must be later than that of the last accepted proof of this tenant and mode.",
    }),
}).meta({ id: "ConnectSettingsInput" });

export type SettingsPatch = {
  allowed_origins?: string[];
  google_client_id?: string | null;
  apple_client_id?: string | null;
  rp_id?: string | null;
  rp_name?: string | null;
  wallet_mode?: "custodial" | "connect";
  owner_signer?: string;
  owner_signature?: string;
  owner_signature_expires_at?: number;
};

const SettingsMeta = {
  livemode: z.boolean().meta({ description: "Settings are per mode: the API key's environment (test keys read and write test settings)." }),
  updated: z.number().int().nullable().meta({ description: "Last change (Unix seconds); null while the defaults apply." }),
};

const CorsShape = z.object({ allowed_origins: z.array(z.string()) });
const OAuthShape = z.object({
  google_client_id: z.string().nullable(),
  apple_client_id: z.string().nullable(),
  providers: z.array(z.enum(["google", "apple"])).meta({ description: "Providers whose client id is set: their id_tokens are accepted by POST /v1/connect/oauth/verify." }),
});
const PasskeyShape = z.object({ rp_id: z.string().nullable(), rp_name: z.string().nullable() });

export const CorsSettings = z.object({ object: z.literal("cors_settings"), ...CorsShape.shape, ...SettingsMeta }).meta({ id: "CorsSettings" });
export const OAuthSettings = z.object({ object: z.literal("oauth_settings"), ...OAuthShape.shape, ...SettingsMeta }).meta({ id: "OAuthSettings" });
export const PasskeySettings = z.object({ object: z.literal("passkey_settings"), ...PasskeyShape.shape, ...SettingsMeta }).meta({ id: "PasskeySettings" });
export const ConnectSettings = apiObject("connect_settings", {
  cors: CorsShape,
  oauth: OAuthShape,
  passkeys: PasskeyShape,
  wallet_mode: z.enum(["custodial", "connect"]),
  owner_signer: z.string().nullable(),
  ...SettingsMeta,
}).meta({ id: "ConnectSettings" });

// ---------------------------------------------------------------------------------------------------
// Accounts as path + query

export const AccountParams = z.strictObject({ address: Address });
export const ChainQuery = z.strictObject({ chain_id: ChainIdString });

// ---------------------------------------------------------------------------------------------------
// Sessions (OAuth and SIWE sign-in)

export const OAuthProvider = z.enum(["google", "apple"]).meta({ description: "Identity provider: `google` or `apple`." });

export const ConnectSessionFields = {
  session_token: z.string().meta({ description: "Connect session token (JWT, HS256) for the end user; not a console or API credential." }),
  session_expires_in: z.number().int().meta({ description: "Seconds until the session token expires." }),
};

// ---------------------------------------------------------------------------------------------------
// OAuth

const IdToken = z.string().min(1).max(16_384).regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/, "must be a JWT (three base64url parts)");

export const OAuthNonceInput = writeBody({}).meta({ id: "OAuthNonceInput" });
export const OAuthNonce = apiObject("oauth_nonce", {
  nonce: z.string().meta({ description: "Pass to the provider's sign-in (Google: `nonce`; Apple: `nonce`); the id_token must carry it." }),
  expires_in: z.number().int().meta({ description: "Seconds until the nonce expires (600)." }),
  expires_at: z.number().int(),
  livemode: z.boolean(),
}).meta({ id: "OAuthNonce" });

export const OAuthVerifyInput = writeBody({
  provider: OAuthProvider,
  id_token: IdToken.meta({ description: "The id_token the provider gave the end user's browser. It must carry a nonce from POST /v1/connect/oauth/nonce (`nonce` claim), and its `azp`, when present, must be the tenant's client id; each id_token is accepted once." }),
}).meta({ id: "OAuthVerifyInput" });

const ConnectAccountRef = z
  .object({ address: z.string(), chain_id: z.string(), network: z.string() })
  .meta({ id: "ConnectAccountRef", description: "The smart account (details at GET /v1/connect/accounts/{address})." });

export const OAuthVerifyResult = apiObject("oauth_verification", {
  provider: OAuthProvider,
  subject: z.string().meta({ description: "The provider's stable user id (`sub`)." }),
  email: z.string().nullable(),
  linked: z.boolean().meta({ description: "true for a returning user (account and session given); false for a new user (oauth_token given)." }),
  account: ConnectAccountRef.nullable(),
  session_token: z.string().nullable(),
  session_expires_in: z.number().int().nullable(),
  oauth_token: z.string().nullable().meta({ description: "New users: pass to POST /v1/connect/oauth/link within 10 minutes, after creating a passkey and account." }),
  oauth_token_expires_in: z.number().int().nullable(),
}).meta({ id: "OAuthVerification" });

export const OAuthLinkInput = writeBody({
  oauth_token: z.string().min(1).max(4096).meta({ description: "From POST /v1/connect/oauth/verify." }),
  address: Address.meta({ description: "The smart account to link." }),
  chain_id: ChainIdString,
}).meta({ id: "OAuthLinkInput" });

export const OAuthLink = apiObject("oauth_link", {
  id: z.string(),
  provider: OAuthProvider,
  subject: z.string(),
  email: z.string().nullable(),
  address: z.string(),
  chain_id: z.string(),
  ...Recorded,
}).meta({ id: "OAuthLink" });
export const OAuthLinkList = listOf(OAuthLink, "OAuthLinkList");
export const OAuthLinkParams = z.strictObject({ address: Address, provider: OAuthProvider });
export const OAuthLinkDeleted = Deleted("oauth_link").extend({ provider: OAuthProvider }).meta({ id: "OAuthLinkDeleted" });

// ---------------------------------------------------------------------------------------------------
// SIWE

export const SiweNonce = apiObject("siwe_nonce", {
  nonce: z.string(),
  expires_at: z.number().int().meta({ description: "Unix seconds; the nonce must be used in a verify before then, once." }),
}).meta({ id: "SiweNonce" });

export const SiweVerifyInput = writeBody({
  message: z.string().min(1).max(8192).meta({ description: "The EIP-4361 message exactly as signed." }),
  signature: z.string().regex(/^0x([0-9a-fA-F]{2}){1,4096}$/, "must be 0x-prefixed hex bytes").meta({ description: "personal_sign signature (EOA) or ERC-1271/6492 signature (smart account)." }),
}).meta({ id: "SiweVerifyInput" });

export const SiweVerifyResult = apiObject("siwe_session", {
  address: z.string(),
  chain_id: z.string(),
  domain: z.string(),
  ...ConnectSessionFields,
}).meta({ id: "SiweSession" });

// ---------------------------------------------------------------------------------------------------
// Passkeys

const B64Url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+={0,2}$/, "must be base64url");

const RegistrationResponse = z
  .object({
    id: B64Url(1024),
    rawId: B64Url(1024),
    type: z.literal("public-key"),
    response: z.object({
      clientDataJSON: B64Url(8192),
      attestationObject: B64Url(65_536),
      transports: z.array(z.string().max(32)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: B64Url(8192).optional(),
      authenticatorData: B64Url(65_536).optional(),
    }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  })
  .meta({ id: "WebAuthnRegistrationResponse", description: "The browser's PublicKeyCredential (RegistrationResponseJSON of @simplewebauthn/browser)." });

export const Transport = z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);

export const PasskeyInput = writeBody({
  address: Address.meta({ description: "The smart account the passkey belongs to." }),
  chain_id: ChainIdString,
  name: singleLine(z.string().min(1).max(100)).optional(),
  registration: RegistrationResponse.optional().meta({
    description: "Preferred: the WebAuthn registration response. It is verified against rp_id (GET /v1/settings/passkeys), an allowed origin whose host is rp_id or under it (GET /v1/settings/cors) and `challenge`; the stored metadata is taken from it.",
  }),
  challenge: B64Url(1024).optional().meta({ description: "base64url challenge the registration was made with (required with `registration`)." }),
  credential_id: B64Url(1024).optional().meta({ description: "Without `registration`: the credential id (base64url)." }),
  public_key: B64Url(8192).optional().meta({ description: "Without `registration`: the COSE public key (base64url); P-256 (ES256) keys only." }),
  sign_count: z.number().int().min(0).max(4_294_967_295).optional(),
  transports: z.array(Transport).max(7).optional(),
}).meta({ id: "PasskeyInput" });

export const Passkey = apiObject("passkey", {
  id: z.string(),
  credential_id: z.string(),
  address: z.string(),
  chain_id: z.string(),
  name: z.string().nullable(),
  public_key: z.string().meta({ description: "COSE public key, base64url." }),
  public_key_x: z.string().nullable().meta({ description: "P-256 x coordinate (0x, 32 bytes), as the on-chain WebAuthn validator takes it." }),
  public_key_y: z.string().nullable(),
  algorithm: z.number().int().meta({ description: "COSE algorithm (-7: ES256)." }),
  sign_count: z.number().int(),
  transports: z.array(z.string()),
  aaguid: z.string().nullable(),
  device_type: z.string().nullable(),
  backed_up: z.boolean().nullable(),
  verified: z.boolean().meta({ description: "true when stored from a registration response the server verified." }),
  ...Recorded,
}).meta({ id: "Passkey" });
export const PasskeyList = listOf(Passkey, "PasskeyList");
const OptionalChain = ChainIdString.optional().meta({ description: "Only the account on this chain (default: the account at this address on every chain)." });
export const PasskeyListQuery = ListQuery.extend({ chain_id: OptionalChain });
export const PasskeyDeleteQuery = z.strictObject({ chain_id: OptionalChain });
export const PasskeyParams = z.strictObject({ address: Address, credentialId: B64Url(1024) });
export const PasskeyDeleted = Deleted("passkey").extend({ credential_id: z.string() }).meta({ id: "PasskeyDeleted" });

export const SafetyNet = apiObject("safety_net", {
  address: z.string(),
  chain_id: z.string(),
  has_safety_net: z.boolean().meta({
    description: "true with two or more passkeys that can sign on chain, or recovery installed on chain; value operations are gated on it. Read from chain: the PasskeyValidator holds one key per account, so passkey rows beyond it count nothing.",
  }),
  passkeys: z.number().int().meta({ description: "Passkeys that can sign for the account on chain (the PasskeyValidator's key for it; before deployment, the key of its init data): 0 or 1." }),
  recovery_configured: z.boolean().meta({ description: "The RecoveryValidator is installed on the account with guardians (not merely configured off chain)." }),
}).meta({ id: "SafetyNet" });

// ---------------------------------------------------------------------------------------------------
// Paymasters

const KeystoreJson = z
  .union([z.string().min(2).max(16_384), z.record(z.string(), z.unknown())])
  .meta({ description: "Ethereum keystore V3 (Web3 Secret Storage) as JSON text or object: scrypt (r up to 8, p up to 8, at most 64 MiB: 128·n·r ≤ 2^26, e.g. n=2^16 with r=8; and 128·n·r·p ≤ 2^27) or pbkdf2-hmac-sha256 (c up to 2^20), aes-128-ctr." });
const KeystorePassword = z.string().min(1).max(1024).meta({ description: "Decrypts keystore_json in memory; never stored." });
const PaymasterFields = {
  address: Address.meta({ description: "The deployed paymaster contract (an ERC-4337 v0.7 verifying paymaster; when it has verifyingSigner(), it must be the key's address)." }),
  chain_id: ChainIdString,
  name: singleLine(z.string().min(1).max(100)).optional(),
};

export const PaymasterInput = writeBody({
  ...PaymasterFields,
  keystore_json: KeystoreJson.optional().meta({ description: "Preferred: the signer as a keystore V3, with keystore_password." }),
  keystore_password: KeystorePassword.optional(),
  signer_private_key: z
    .string()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, "must be a 32-byte hex private key")
    .optional()
    .meta({ deprecated: true, description: "Deprecated (removal date 2026-09-01): the signer's raw private key. Use keystore_json + keystore_password. Answers carry a Warning header." }),
}).meta({ id: "PaymasterInput" });

export const ImportKeystoreInput = writeBody({ ...PaymasterFields, keystore_json: KeystoreJson, keystore_password: KeystorePassword }).meta({ id: "PaymasterKeystoreInput" });

export const Paymaster = apiObject("paymaster", {
  id: z.string(),
  address: z.string(),
  chain_id: z.string(),
  network: z.string(),
  signer_address: z.string().meta({ description: "Address of the key that signs paymasterAndData; the key itself is stored encrypted and never returned." }),
  name: z.string().nullable(),
  active: z.boolean(),
  deactivated: z.number().int().nullable().meta({ description: "When DELETE deactivated it (Unix seconds); the on-chain deposit is unaffected." }),
  ...Recorded,
}).meta({ id: "Paymaster" });
export const PaymasterList = listOf(Paymaster, "PaymasterList");

export { ListQuery };
