// The console's forms: which API schema validates each one and how its inputs map to the request body.
import type { z } from "zod";
import { RegisterInput } from "@/lib/schemas/auth";
import { CreateApiKeyInput, RotateApiKeyInput } from "@/lib/schemas/api-keys";
import { BalanceQuery, BurnInput, CreateTokenInput, MintInput, RoleInput, TransferInput } from "@/lib/schemas/tokens";
import { ForceTransferInput, FreezeInput } from "@/lib/schemas/token-controls";
import { CreateWebhookEndpointInput, UpdateWebhookEndpointInput } from "@/lib/schemas/webhooks";
import { CreateVaultInput, DepositInput, PreviewQuery as VaultPreviewQuery, RedeemInput, WithdrawInput } from "@/lib/schemas/vaults";
import { CreateVestingInput } from "@/lib/schemas/vesting";
import { CreateMultisigInput, SubmitMultisigTxInput } from "@/lib/schemas/multisig";
import { CreateGovernanceInput, DelegateInput, ProposeInput } from "@/lib/schemas/governance";
import { AddClaimInput, CreateIdentityInput } from "@/lib/schemas/identities";
import { CreateModuleInput } from "@/lib/schemas/compliance";
import { CreateVrfConsumerInput, CreateVrfRequestInput } from "@/lib/schemas/vrf";
import { ConnectSettingsInput, CorsSettingsInput, OAuthSettingsInput, PasskeySettingsInput } from "@/lib/schemas/connect-identity";
import { AcceptInvitationInput, AddPasskeyInput, ChangePasswordInput, ChangeRoleInput, InviteMemberInput } from "@/lib/schemas/team";
import type { Role } from "@/lib/core/roles";
import { bodyFromForm, foldItemErrors, unitErrors, validateBody, type FieldSpec } from "./forms";
import { VESTING_DATE_INPUTS, vestingTimes } from "./vesting-dates";

interface FormSpec {
  schema: z.ZodType;
  fields: FieldSpec;
  /**
   * Where the decimals of its `units` fields come from: the form's own `decimals` field (a token being created,
   * 18 when empty), the token named by the form's `token` (or `token_id`) field, or the vault named by its `vault` field (both
   * read on the server, never taken from the browser), or the network's native coin (18 decimals on every EVM network).
   */
  units?: "decimals-field" | "token" | "vault" | "native";
  /** The least role that may submit it (lib/core/roles): `developer` unless it says so (a read, a team change). */
  role?: Role;
  /** A vault form's amount: assets or shares, or as its `action` field says (deposit and withdraw take assets). */
  vaultUnit?: "assets" | "shares" | "action";
  /**
   * Inputs shown in another shape than the API takes (dates for seconds): `derive` turns them into the body's
   * fields (or says why it cannot), and the API's errors about those fields show under `inputs[field]`.
   */
  derive?: (values: FormData) => { values: Record<string, string>; errors: Record<string, string> };
  inputs?: Record<string, string>;
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
      initial_supply: "units",
      decimals: "number",
      "features.mintable": "boolean",
      "features.burnable": "boolean",
      "features.pausable": "boolean",
      "features.votes": "boolean",
      base_uri: "string",
    },
    units: "decimals-field",
  },
  mint: { schema: MintInput, fields: { to: "string", amount: "units", nft_token_id: "string", uri: "string" }, units: "token" },
  transfer: { schema: TransferInput, fields: { to: "string", amount: "units", nft_token_id: "string" }, units: "token" },
  burn: { schema: BurnInput, fields: { amount: "units", nft_token_id: "string" }, units: "token" },
  balance: { schema: BalanceQuery, fields: { address: "string", nft_token_id: "string" }, role: "viewer" },
  vaultPreview: { schema: VaultPreviewQuery, fields: { action: "string", amount: "units" }, units: "vault", vaultUnit: "action", role: "viewer" },
  createVault: { schema: CreateVaultInput, fields: { asset: "string", name: "string", symbol: "string" } },
  vaultDeposit: { schema: DepositInput, fields: { assets: "units" }, units: "vault", vaultUnit: "assets" },
  vaultWithdraw: { schema: WithdrawInput, fields: { assets: "units" }, units: "vault", vaultUnit: "assets" },
  vaultRedeem: { schema: RedeemInput, fields: { shares: "units" }, units: "vault", vaultUnit: "shares" },
  createVesting: {
    schema: CreateVestingInput,
    fields: { token: "string", beneficiary: "string", amount: "units", start: "number", cliff_seconds: "number", duration_seconds: "number" },
    units: "token",
    derive: vestingTimes,
    inputs: VESTING_DATE_INPUTS,
  },
  createMultisig: { schema: CreateMultisigInput, fields: { name: "string", network: "string", owners: "lines", threshold: "number" } },
  proposeMultisig: { schema: SubmitMultisigTxInput, fields: { to: "string", value: "units", data: "string" }, units: "native" },
  // One call per proposal from the console (the API takes up to 50); its value is 0.
  propose: { schema: ProposeInput, fields: { targets: "list", calldatas: "list", description: "string" } },
  delegate: { schema: DelegateInput, fields: { delegatee: "string" } },
  // A Governor + Timelock over one of the tenant's votes tokens: delay and period in its clock's units, quorum in %.
  createGovernance: {
    schema: CreateGovernanceInput,
    fields: { token: "string", name: "string", voting_delay: "number", voting_period: "number", quorum_numerator: "number", min_delay: "number", proposal_threshold: "units" },
    units: "token",
  },
  // The identities page: investors of regulated tokens, their claims (signed by the tenant's issuer), and the
  // country modules of a token's compliance (the kinds whose one parameter the page asks for).
  registerIdentity: { schema: CreateIdentityInput, fields: { token_id: "string", wallet: "string", country: "string" } },
  addClaim: { schema: AddClaimInput, fields: { topic: "string" } },
  addCountryModule: { schema: CreateModuleInput, fields: { token_id: "string", kind: "string", countries: "lines" } },
  // The modules whose parameter is an amount, typed in the token's units (one form each: the API takes only the kind's own fields).
  addMaxBalanceModule: { schema: CreateModuleInput, fields: { token_id: "string", kind: "string", max_balance: "units", preset_completed: "boolean" }, units: "token" },
  addSupplyLimitModule: { schema: CreateModuleInput, fields: { token_id: "string", kind: "string", supply_limit: "units" }, units: "token" },
  addTransferLimitModule: {
    schema: CreateModuleInput,
    fields: { token_id: "string", kind: "string", "time_transfer_limits.0.period_sec": "number", "time_transfer_limits.0.max_amount": "units" },
    units: "token",
  },
  createVrfConsumer: { schema: CreateVrfConsumerInput, fields: { name: "string", network: "string", vrf_coordinator: "string", key_hash: "string", subscription_id: "string" } },
  vrfRequest: { schema: CreateVrfRequestInput, fields: { consumer_id: "string", network: "string", num_words: "number" } },
  role: { schema: RoleInput, fields: { role: "string", address: "string" } },
  freeze: { schema: FreezeInput, fields: { address: "string" } },
  forceTransfer: { schema: ForceTransferInput, fields: { from: "string", to: "string", amount: "units" }, units: "token" },
  createWebhook: { schema: CreateWebhookEndpointInput, fields: { url: "string", events: "list", description: "string" } },
  updateWebhook: { schema: UpdateWebhookEndpointInput, fields: { url: "string", events: "list", description: "clearable" } },
  ...SETTINGS_FORMS,
  // The Team page (app/(console)/team) and the invitation page (app/invite): who may do what is lib/core/roles'.
  inviteMember: { schema: InviteMemberInput, fields: { email: "string", role: "string" }, role: "admin" },
  changeRole: { schema: ChangeRoleInput, fields: { role: "string" }, role: "admin" },
  changePassword: { schema: ChangePasswordInput, fields: { current_password: "string", new_password: "string" }, role: "viewer" },
  addPasskey: { schema: AddPasskeyInput, fields: { name: "string", registration: "string" }, role: "viewer" },
  acceptInvitation: { schema: AcceptInvitationInput, fields: { full_name: "string", password: "string" } },
} satisfies Record<string, FormSpec>;

export type FormKind = keyof typeof FORMS;

export const isFormKind = (kind: string): kind is FormKind => Object.hasOwn(FORMS, kind);

type Values = Iterable<[string, FormDataEntryValue]>;

/** Ether, POL and every other EVM network's coin: wei are 10^-18 of it. */
export const NATIVE_DECIMALS = 18;

/** Where a units form's decimals come from: its token or its vault (and which of the vault's amounts), for the caller to look up. */
export function unitsSource(kind: FormKind, values: FormData): { token: string } | { vault: string; unit: "assets" | "shares" } | null {
  const spec: FormSpec = FORMS[kind];
  const named = (field: string) => {
    const value = values.get(field);
    return typeof value === "string" && value ? value : null;
  };
  if (spec.units === "token") {
    const token = named("token") ?? named("token_id"); // token_id: the compliance module forms'
    return token ? { token } : null;
  }
  if (spec.units !== "vault" || !named("vault")) return null;
  const action = named("action");
  const unit = spec.vaultUnit === "action" ? (action === "mint" || action === "redeem" ? "shares" : "assets") : (spec.vaultUnit ?? "assets");
  return { vault: named("vault")!, unit };
}

/** The decimals of a form's `units` fields: its token's or vault's (`looked`, looked up by the caller) or the form's own field. */
export function unitDecimals(kind: FormKind, values: FormData, looked?: number): number {
  const spec: FormSpec = FORMS[kind];
  if (spec.units === "token" || spec.units === "vault") return looked ?? 0;
  if (spec.units === "native") return NATIVE_DECIMALS;
  if (spec.units !== "decimals-field") return 0;
  const typed = String(values.get("decimals") ?? "").trim();
  return /^\d{1,2}$/.test(typed) && Number(typed) <= 36 ? Number(typed) : 18;
}

/** The least role that may submit a form of this kind. */
export const formRole = (kind: FormKind): Role => (FORMS[kind] as FormSpec).role ?? "developer";

/** The submitted values with the fields `derive` makes from other inputs, and why it could not make some (by input). */
export function derivedValues(kind: FormKind, values: FormData): { values: FormData; errors: Record<string, string> } {
  const spec: FormSpec = FORMS[kind];
  if (!spec.derive) return { values, errors: {} };
  const derived = spec.derive(values);
  const copy = new FormData();
  for (const [name, value] of values) if (!(name in derived.values)) copy.append(name, value);
  for (const [name, value] of Object.entries(derived.values)) copy.set(name, value);
  return { values: copy, errors: derived.errors };
}

/** Field errors keyed by the inputs that show them (an API field made from another input shows under it). */
export function errorsByInput(kind: FormKind, fields: Record<string, string>): Record<string, string> {
  const inputs: Record<string, string> = (FORMS[kind] as FormSpec).inputs ?? {};
  return Object.fromEntries(Object.entries(fields).map(([name, message]) => [inputs[name] ?? name, message]));
}

/** The request body of a submitted console form (amounts in token units converted by `decimals`). */
export const formBody = (kind: FormKind, values: Values, decimals?: number) => bodyFromForm(values, FORMS[kind].fields, decimals);

/** Field errors of the form as filled in so far (inline validation), keyed by the inputs that show them. */
export function validateForm(kind: FormKind, submitted: FormData, looked?: number) {
  const { values, errors: derived } = derivedValues(kind, submitted);
  const decimals = unitDecimals(kind, values, looked);
  const body = formBody(kind, values.entries(), decimals);
  const fields = { ...foldItemErrors(validateBody(FORMS[kind].schema, body), FORMS[kind].fields, body), ...unitErrors(values.entries(), FORMS[kind].fields, decimals) };
  // Without the decimals (the token or vault could not be read) amounts cannot be judged: the submission says why.
  const spec: FieldSpec = FORMS[kind].fields;
  const unjudged = looked === undefined && unitsSource(kind, values) !== null;
  // Fields `derive` could not make are missing from the body: what it said about the inputs replaces "required".
  const underived = Object.keys(derived).length ? Object.keys((FORMS[kind] as FormSpec).inputs ?? {}) : [];
  const judged = Object.fromEntries(Object.entries(fields).filter(([name]) => !(unjudged && spec[name] === "units") && !underived.includes(name)));
  return errorsByInput(kind, { ...judged, ...derived });
}
