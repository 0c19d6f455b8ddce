// T-REX compliance modules (onchain-modules spec 4.4): request and response schemas. Every configuration
// call answers with the transaction record it queued (the module changes when it is confirmed).
import { z } from "zod";
import { Id, IdParam, listOf, singleLine, writeBody, apiObject, listQuery, Recorded } from "./common";
import { Address, Uint256 } from "./tokens";
import { parseCountry } from "@/lib/core/countries";

/** The T-REX compliance modules a token can add (lib/trex/suite/base deploys one implementation of each). */
export const MODULE_KINDS = [
  "CountryAllowModule", "CountryRestrictModule", "ExchangeMonthlyLimitsModule", "MaxBalanceModule",
  "SupplyLimitModule", "TimeTransfersLimitsModule", "TransferFeesModule",
] as const;
export type ModuleKind = (typeof MODULE_KINDS)[number];

export { Transaction } from "./transactions";

export const ModuleKind = z.enum(MODULE_KINDS).meta({ description: "T-REX 4.1.6 compliance module contract." });
export const ModuleStatus = z.enum(["configured", "deploying", "deployed", "failed", "removed"]).meta({
  description:
    "`configured`: a configuration-only record (no proxy). On-chain modules: `deploying` (proxy creation, then " +
    "compliance.addModule) → `deployed` or `failed`; `removed` after DELETE …/module is confirmed.",
});

export const Country = z
  .union([z.string().max(3), z.number().int()])
  .refine((v) => parseCountry(v) !== null, "must be an ISO 3166-1 alpha-2 code (FR) or numeric code (250)")
  .transform((v) => parseCountry(v)!.numeric)
  .meta({ description: "ISO 3166-1 country: alpha-2 code (`FR`, any case) or numeric code (`250` or 250).", example: "FR" });

const Countries = (max: number) => z.array(Country).min(1).max(max);

export const CountryOut = z.object({
  alpha2: z.string().nullable().meta({ description: "null for a numeric code outside ISO 3166-1." }),
  numeric: z.number().int(),
}).meta({ id: "Country" });

const Amount = Uint256.meta({ description: "Decimal integer string in the token's smallest unit.", example: "1000" });
const ExchangeId = Address.meta({ description: "ONCHAINID (identity contract) address of the exchange." });

export const TimeLimitInput = z.strictObject({
  period_sec: z.number().int().min(1).max(4_294_967_295).meta({ description: "Window length in seconds (uint32).", example: 86_400 }),
  max_amount: Amount.meta({ description: "Most a sender may transfer within one window." }),
});
const TimeLimits = z.array(TimeLimitInput).min(1).max(4).meta({ description: "Up to 4 windows; a window of the same period replaces the existing one." });
const BasisPoints = z.number().int().min(0).max(10_000).meta({ description: "Fee in basis points of each transfer (100 = 1 %).", example: 100 });

// ---------- create ----------

export const CreateModuleInput = writeBody({
  kind: ModuleKind,
  token_id: Id.optional().meta({ description: "ERC3643 token whose ModularCompliance gets the module (on-chain modules)." }),
  on_chain: z.boolean().optional().meta({
    description: "Default: true when token_id is given. false makes a configuration-only record (no proxy, no token): " +
      "it keeps the parameters given here, and every configuration call on it answers 400.",
  }),
  network: singleLine(z.string().min(1).max(64)).optional().meta({ description: "Configuration-only records: the network they are meant for (optional). On-chain modules take the token's." }),
  max_balance: Amount.optional().meta({ description: "MaxBalanceModule: initial maximum balance per investor identity." }),
  preset_completed: z.boolean().optional().meta({
    description: "MaxBalanceModule on a token that already has supply: mark the module's preset as completed before binding " +
      "(T-REX binds a MaxBalanceModule only at zero supply or after presetCompleted; identity balances start at 0).",
  }),
  supply_limit: Amount.optional().meta({ description: "SupplyLimitModule: initial supply limit." }),
  countries: Countries(194).optional().meta({ description: "CountryAllowModule: allowed countries. CountryRestrictModule: restricted countries." }),
  time_transfer_limits: TimeLimits.optional().meta({ description: "TimeTransfersLimitsModule: initial windows." }),
  transfer_fees: z.strictObject({ basis_points: BasisPoints, collector: Address }).optional().meta({
    description: "TransferFeesModule: initial fee; the collector must be a verified investor of the token.",
  }),
  exchange_monthly_limits: z.array(z.strictObject({ exchange_id: ExchangeId, monthly_limit: Amount })).min(1).max(20).optional().meta({
    description: "ExchangeMonthlyLimitsModule: exchange identities to tag, each with its monthly limit.",
  }),
}).meta({ id: "CreateComplianceModuleInput", description: "Initial parameters apply to their kind only (400 naming the field otherwise)." });

export const ComplianceModule = apiObject("compliance_module", {
  id: z.string().meta({ example: "cmod_01jd…" }),
  kind: ModuleKind,
  on_chain: z.boolean(),
  status: ModuleStatus,
  network: z.string().nullable(),
  address: z.string().nullable().meta({ description: "The module's ModuleProxy, once created." }),
  implementation: z.string().nullable().meta({ description: "The platform's implementation of the kind behind the proxy." }),
  token: z.string().nullable().meta({ description: "Token whose compliance the module is (or was last) added to." }),
  compliance: z.string().nullable().meta({ description: "That token's ModularCompliance." }),
  bound: z.boolean().meta({ description: "Whether the module is in that compliance (as of the last confirmed bind/unbind)." }),
  params: z.record(z.string(), z.unknown()).meta({ description: "The parameters given at creation. Live values: GET …/module_params." }),
  deploy_tx: z.string().nullable(),
  failure_reason: z.string().nullable(),
  ...Recorded,
}).meta({
    id: "ComplianceModule",
    description:
      "A T-REX compliance module. On chain: a ModuleProxy (UUPS) in front of the platform's implementation of its kind, created and owned " +
      "by the tenant wallet, added to one token's ModularCompliance (compliance.addModule); its parameters live in the module per " +
      "compliance and change through compliance.callModuleFunction (exchange tagging: the module owner's addExchangeID/removeExchangeID). " +
      "bind_token/unbind_token add it to / take it out of a token's compliance (the compliance itself stays bound to its token); " +
      "DELETE …/module takes it out for good. Configuration-only (on_chain false): a record of intended parameters, no contract.",
  });

export const ComplianceModuleList = listOf(ComplianceModule, "ComplianceModuleList");

export const ListModulesQuery = listQuery({
  kind: ModuleKind.optional(),
  token_id: Id.optional(),
  status: ModuleStatus.optional(),
});

export const ModuleParams = IdParam;

// ---------- configuration calls ----------

export const CountryInput = writeBody({ country: Country });
export const CountriesInput = writeBody({ countries: Countries(194) });
export const MaxBalanceInput = writeBody({ max_balance: Amount });
export const SupplyLimitInput = writeBody({ supply_limit: Amount });
export const TimeTransferLimitsInput = writeBody({ limits: TimeLimits });
export const TransferFeesInput = writeBody({ basis_points: BasisPoints, collector: Address.meta({ description: "Receives the fee; must be a verified investor of the token." }) });
export const ExchangeIdInput = writeBody({
  exchange_id: ExchangeId,
  tagged: z.boolean().default(true).meta({ description: "true tags the identity as an exchange (addExchangeID), false untags it (removeExchangeID)." }),
});
export const ExchangeMonthlyLimitInput = writeBody({ exchange_id: ExchangeId, monthly_limit: Amount });
export const BindTokenInput = writeBody({
  token_id: Id.meta({ description: "ERC3643 token of the tenant, on the module's network." }),
  preset_completed: z.boolean().optional().meta({
    description: "MaxBalanceModule and a token with supply: send presetCompleted first (T-REX binds it only at zero supply or after that; identity balances start at 0).",
  }),
});
export const UnbindTokenInput = writeBody({ token_id: Id.optional().meta({ description: "Must be the token the module is bound to (default: that token)." }) });
export const RemoveModuleInput = writeBody({});

const rule = <const N extends string, S extends z.ZodRawShape>(name: N, shape: S, description: string) =>
  z.strictObject({ rule: z.literal(name), ...shape, idempotency_key: writeBody({}).shape.idempotency_key }).meta({ description });

export const RuleInput = z
  .discriminatedUnion("rule", [
    rule("max_balance", { max_balance: Amount }, "MaxBalanceModule: setMaxBalance."),
    rule("supply_limit", { supply_limit: Amount }, "SupplyLimitModule: setSupplyLimit."),
    rule("time_transfer_limits", { limits: TimeLimits }, "TimeTransfersLimitsModule: batchSetTimeTransferLimit."),
    rule("transfer_fees", { basis_points: BasisPoints, collector: Address }, "TransferFeesModule: setFee."),
    rule("exchange_id", { exchange_id: ExchangeId, tagged: z.boolean().default(true) }, "ExchangeMonthlyLimitsModule: addExchangeID / removeExchangeID."),
    rule("exchange_monthly_limit", { exchange_id: ExchangeId, monthly_limit: Amount }, "ExchangeMonthlyLimitsModule: setExchangeMonthlyLimit."),
    rule("allow_countries", { countries: Countries(194) }, "CountryAllowModule: batchAllowCountries."),
    rule("disallow_countries", { countries: Countries(194) }, "CountryAllowModule: batchDisallowCountries."),
    rule("restrict_countries", { countries: Countries(194) }, "CountryRestrictModule: batchRestrictCountries."),
    rule("unrestrict_countries", { countries: Countries(194) }, "CountryRestrictModule: batchUnrestrictCountries."),
  ])
  .meta({
    id: "ComplianceRuleInput",
    description: "A rule is one configuration change of the module, named by `rule`; the rule must fit the module's kind (400 otherwise). " +
      "Emits compliance.rule.added when confirmed, like every set_* call.",
  });

// ---------- reads ----------

export const CountryQuery = z.strictObject({ country: Country });
export const ExchangeIdQuery = z.strictObject({ exchange_id: ExchangeId });

export const ComplianceContract = z.object({
  object: z.literal("compliance_contract"),
  module: z.string(),
  token: z.string().nullable(),
  compliance: z.string().nullable(),
  bound: z.boolean().meta({ description: "On chain: compliance.isModuleBound(module)." }),
}).meta({ id: "ComplianceContract" });

export const CountryCheck = z.object({
  object: z.literal("country_check"),
  module: z.string(),
  kind: ModuleKind,
  country: CountryOut,
  allowed: z.boolean().meta({ description: "CountryAllowModule: isCountryAllowed. CountryRestrictModule: not isCountryRestricted." }),
}).meta({ id: "CountryCheck" });

export const ExchangeIdCheck = z.object({
  object: z.literal("exchange_id_check"),
  module: z.string(),
  exchange_id: z.string(),
  is_exchange: z.boolean(),
  monthly_limit: z.string().meta({ description: "getExchangeMonthlyLimit for the module's compliance." }),
}).meta({ id: "ExchangeIdCheck" });

export const TimeLimitOut = z.object({ period_sec: z.number().int(), max_amount: z.string() });
export const FeeOut = z.object({ basis_points: z.number().int(), collector: z.string().nullable() });

export const ModuleParamsOut = z.object({
  object: z.literal("module_params"),
  module: z.string(),
  kind: ModuleKind,
  compliance: z.string(),
  max_balance: z.string().optional().meta({ description: "MaxBalanceModule: the last MaxBalanceSet of this compliance (the contract has no getter)." }),
  supply_limit: z.string().optional().meta({ description: "SupplyLimitModule: getSupplyLimit." }),
  restricted_countries: z.array(CountryOut).optional().meta({ description: "CountryRestrictModule: countries whose isCountryRestricted is true (candidates from the module's events)." }),
  allowed_countries: z.array(CountryOut).optional().meta({ description: "CountryAllowModule: countries whose isCountryAllowed is true (candidates from the module's events)." }),
  time_transfer_limits: z.array(TimeLimitOut).optional(),
  transfer_fees: FeeOut.optional(),
  exchange_monthly_limits: z.array(z.object({ exchange_id: z.string(), is_exchange: z.boolean(), monthly_limit: z.string() })).optional()
    .meta({ description: "ExchangeMonthlyLimitsModule: exchanges with a limit set for this compliance." }),
}).meta({ id: "ComplianceModuleParams" });

export const TimeTransferLimits = z.object({
  object: z.literal("time_transfer_limits"),
  module: z.string(),
  compliance: z.string(),
  limits: z.array(TimeLimitOut),
}).meta({ id: "TimeTransferLimits" });

export const TransferFees = z.object({
  object: z.literal("transfer_fees"),
  module: z.string(),
  compliance: z.string(),
  ...FeeOut.shape,
}).meta({ id: "TransferFees" });

export const ModuleBoundQuery = z.strictObject({
  module_id: Id.meta({ description: "The compliance module (cmod_…)." }),
  token_id: Id.optional().meta({ description: "Token whose compliance to ask (default: the module's token)." }),
});
export const ModuleBound = z.object({
  object: z.literal("module_binding"),
  module: z.string(),
  token: z.string(),
  compliance: z.string(),
  bound: z.boolean().meta({ description: "ModularCompliance.isModuleBound(module), read on chain." }),
}).meta({ id: "ModuleBinding" });

export const TokenQuery = z.strictObject({ token_id: Id.meta({ description: "An ERC3643 token of the tenant." }) });
export const TokenBound = z.object({
  object: z.literal("token_binding"),
  token: z.string(),
  compliance: z.string(),
  token_bound: z.string().nullable().meta({ description: "ModularCompliance.getTokenBound(), read on chain (null for none)." }),
  bound: z.boolean().meta({ description: "Whether that is this token." }),
}).meta({ id: "TokenBinding" });

export const OnChainModules = z.object({
  object: z.literal("on_chain_modules"),
  token: z.string(),
  compliance: z.string(),
  modules: z.array(z.object({
    address: z.string(),
    name: z.string().nullable().meta({ description: "The module's name(), read on chain." }),
    module: z.string().nullable().meta({ description: "Our record of it (cmod_…), if the tenant created it here." }),
  })).meta({ description: "ModularCompliance.getModules(), in order." }),
}).meta({ id: "OnChainModules" });

// ---------- transfer check ----------

export const ComplianceCheckInput = writeBody({
  from: Address.meta({ description: "Sender; the zero address asks about a mint." }),
  to: Address,
  amount: Amount,
}).meta({ id: "ComplianceCheckInput" });

const CheckItem = z.object({
  rule: z.enum(["identity_verified", "token_paused", "wallet_frozen", "free_balance", "module"]),
  module: z.string().nullable().meta({ description: "Our record (cmod_…) of the module, when the rule is a module we know." }),
  module_address: z.string().nullable(),
  kind: z.string().nullable().meta({ description: "The module's name() read on chain." }),
  passed: z.boolean(),
  reason: z.string().nullable().meta({ description: "Why it refuses, e.g. \"MaxBalanceModule: the receiver's balance would exceed 1000\"." }),
});

export const ComplianceCheck = z.object({
  object: z.literal("compliance_check"),
  token: z.string(),
  from: z.string(),
  to: z.string(),
  amount: z.string(),
  allowed: z.boolean().meta({ description: "Every check passed: the transfer (or mint) would go through." }),
  can_transfer: z.boolean().meta({ description: "ModularCompliance.canTransfer(from, to, amount), read on chain." }),
  refused_by: CheckItem.nullable().meta({ description: "The first check that refuses, or null." }),
  checks: z.array(CheckItem).meta({ description: "Every check, in the order the token applies them." }),
}).meta({ id: "ComplianceCheck" });
