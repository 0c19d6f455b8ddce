// The console's forms: which API schema validates each one and how its inputs map to the request body.
import type { z } from "zod";
import { RegisterInput } from "@/lib/schemas/auth";
import { CreateApiKeyInput, RotateApiKeyInput } from "@/lib/schemas/api-keys";
import { BalanceQuery, BurnInput, CreateTokenInput, MintInput, RoleInput, TransferInput } from "@/lib/schemas/tokens";
import { ForceTransferInput, FreezeInput } from "@/lib/schemas/token-controls";
import { CreateWebhookEndpointInput, UpdateWebhookEndpointInput } from "@/lib/schemas/webhooks";
import { PreviewQuery as VaultPreviewQuery } from "@/lib/schemas/vaults";
import { ConnectSettingsInput, CorsSettingsInput, OAuthSettingsInput, PasskeySettingsInput } from "@/lib/schemas/connect-identity";
import { bodyFromForm, foldItemErrors, validateBody, type FieldSpec } from "./forms";

interface FormSpec {
  schema: z.ZodType;
  fields: FieldSpec;
}

// The settings page (app/(console)/settings): one form per group of PUT /v1/settings/*, each sending only its group.
const SETTINGS_FORMS = {
  settingsCors: { schema: CorsSettingsInput, fields: { allowed_origins: "lines" } },
  settingsOAuth: { schema: OAuthSettingsInput, fields: { google_client_id: "nullable", apple_client_id: "nullable" } },
  settingsPasskeys: { schema: PasskeySettingsInput, fields: { rp_id: "nullable", rp_name: "nullable" } },
  settingsConnect: {
    schema: ConnectSettingsInput,
    fields: { wallet_mode: "string", owner_signer: "string", owner_signature: "string", owner_signature_expires_at: "number" },
  },
  // The first step of switching to connect mode: the owner whose proof the page prepares.
  settingsOwner: { schema: ConnectSettingsInput.pick({ owner_signer: true }).required(), fields: { owner_signer: "string" } },
} as const satisfies Record<string, FormSpec>;

export const FORMS = {
  register: { schema: RegisterInput, fields: { full_name: "string", company_name: "string", email: "string", password: "string" } },
  createKey: { schema: CreateApiKeyInput, fields: { name: "string", environment: "string" } },
  rotateKey: { schema: RotateApiKeyInput, fields: { grace_period_seconds: "number" } },
  createToken: {
    schema: CreateTokenInput,
    fields: {
      name: "string",
      symbol: "string",
      standard: "string",
      network: "string",
      initial_supply: "string",
      decimals: "number",
      "features.mintable": "boolean",
      "features.burnable": "boolean",
      "features.pausable": "boolean",
      base_uri: "string",
    },
  },
  mint: { schema: MintInput, fields: { to: "string", amount: "string", nft_token_id: "string", uri: "string" } },
  transfer: { schema: TransferInput, fields: { to: "string", amount: "string", nft_token_id: "string" } },
  burn: { schema: BurnInput, fields: { amount: "string", nft_token_id: "string" } },
  balance: { schema: BalanceQuery, fields: { address: "string", nft_token_id: "string" } },
  vaultPreview: { schema: VaultPreviewQuery, fields: { action: "string", amount: "string" } },
  role: { schema: RoleInput, fields: { role: "string", address: "string" } },
  freeze: { schema: FreezeInput, fields: { address: "string" } },
  forceTransfer: { schema: ForceTransferInput, fields: { from: "string", to: "string", amount: "string" } },
  createWebhook: { schema: CreateWebhookEndpointInput, fields: { url: "string", events: "list", description: "string" } },
  updateWebhook: { schema: UpdateWebhookEndpointInput, fields: { url: "string", events: "list", description: "clearable" } },
  ...SETTINGS_FORMS,
} satisfies Record<string, FormSpec>;

export type FormKind = keyof typeof FORMS;

export const isFormKind = (kind: string): kind is FormKind => Object.hasOwn(FORMS, kind);

/** The request body of a submitted console form. */
export const formBody = (kind: FormKind, values: Iterable<[string, FormDataEntryValue]>) => bodyFromForm(values, FORMS[kind].fields);

/** Field errors of the form as filled in so far (inline validation). */
export function validateForm(kind: FormKind, values: Iterable<[string, FormDataEntryValue]>) {
  const body = formBody(kind, values);
  return foldItemErrors(validateBody(FORMS[kind].schema, body), FORMS[kind].fields, body);
}
