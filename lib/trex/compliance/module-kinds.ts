// The module kind table: which configuration changes ("rules") each T-REX module kind takes, and the
// contract call each one is. Setters run as compliance.callModuleFunction(calldata, module) sent by the
// compliance owner (the module stores its parameters per compliance, keyed by msg.sender); tagging an
// exchange identity is the module owner's own call (addExchangeID / removeExchangeID are onlyOwner).
import { encodeFunctionData, type Abi, type Address, type Hex } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import type { ModuleKind } from "@/lib/schemas/compliance";

export interface TimeLimit {
  period_sec: number;
  max_amount: string;
}

/** One configuration change, as the set_* endpoints and `rules` take it (countries are numeric). */
export type Rule =
  | { rule: "max_balance"; max_balance: string }
  | { rule: "supply_limit"; supply_limit: string }
  | { rule: "time_transfer_limits"; limits: TimeLimit[] }
  | { rule: "transfer_fees"; basis_points: number; collector: Address }
  | { rule: "exchange_id"; exchange_id: Address; tagged: boolean }
  | { rule: "exchange_monthly_limit"; exchange_id: Address; monthly_limit: string }
  | { rule: "allow_country" | "disallow_country" | "restrict_country" | "unrestrict_country"; country: number }
  | { rule: "allow_countries" | "disallow_countries" | "restrict_countries" | "unrestrict_countries"; countries: number[] };

export type RuleName = Rule["rule"];

interface RuleCall {
  kind: ModuleKind;
  functionName: string;
  args: (rule: never) => readonly unknown[];
  /** Sent to the module itself by its owner instead of through the compliance. */
  ownerCall?: boolean;
}

const RULES: Record<RuleName, RuleCall> = {
  max_balance: { kind: "MaxBalanceModule", functionName: "setMaxBalance", args: (r: { max_balance: string }) => [BigInt(r.max_balance)] },
  supply_limit: { kind: "SupplyLimitModule", functionName: "setSupplyLimit", args: (r: { supply_limit: string }) => [BigInt(r.supply_limit)] },
  time_transfer_limits: {
    kind: "TimeTransfersLimitsModule", functionName: "batchSetTimeTransferLimit",
    args: (r: { limits: TimeLimit[] }) => [r.limits.map((l) => ({ limitTime: l.period_sec, limitValue: BigInt(l.max_amount) }))],
  },
  transfer_fees: { kind: "TransferFeesModule", functionName: "setFee", args: (r: { basis_points: number; collector: Address }) => [BigInt(r.basis_points), r.collector] },
  exchange_id: {
    kind: "ExchangeMonthlyLimitsModule", functionName: "addExchangeID", ownerCall: true,
    args: (r: { exchange_id: Address }) => [r.exchange_id],
  },
  exchange_monthly_limit: {
    kind: "ExchangeMonthlyLimitsModule", functionName: "setExchangeMonthlyLimit",
    args: (r: { exchange_id: Address; monthly_limit: string }) => [r.exchange_id, BigInt(r.monthly_limit)],
  },
  allow_country: { kind: "CountryAllowModule", functionName: "addAllowedCountry", args: (r: { country: number }) => [r.country] },
  disallow_country: { kind: "CountryAllowModule", functionName: "removeAllowedCountry", args: (r: { country: number }) => [r.country] },
  restrict_country: { kind: "CountryRestrictModule", functionName: "addCountryRestriction", args: (r: { country: number }) => [r.country] },
  unrestrict_country: { kind: "CountryRestrictModule", functionName: "removeCountryRestriction", args: (r: { country: number }) => [r.country] },
  allow_countries: { kind: "CountryAllowModule", functionName: "batchAllowCountries", args: (r: { countries: number[] }) => [r.countries] },
  disallow_countries: { kind: "CountryAllowModule", functionName: "batchDisallowCountries", args: (r: { countries: number[] }) => [r.countries] },
  restrict_countries: { kind: "CountryRestrictModule", functionName: "batchRestrictCountries", args: (r: { countries: number[] }) => [r.countries] },
  unrestrict_countries: { kind: "CountryRestrictModule", functionName: "batchUnrestrictCountries", args: (r: { countries: number[] }) => [r.countries] },
};

export const kindOfRule = (rule: RuleName): ModuleKind => RULES[rule].kind;

export const rulesOfKind = (kind: ModuleKind) => (Object.keys(RULES) as RuleName[]).filter((r) => RULES[r].kind === kind);

export const moduleAbi = (kind: ModuleKind) => artifact(kind).abi as Abi;
export const complianceAbi = () => artifact("ModularCompliance").abi as Abi;

export interface EncodedRule {
  /** The contract the tenant wallet calls. */
  to: Address;
  data: Hex;
}

/** The transaction of a rule: callModuleFunction on the compliance, or the module owner's own call. */
export function encodeRule(rule: Rule, module: { kind: ModuleKind; address: Address; compliance: Address }): EncodedRule {
  const spec = RULES[rule.rule];
  const functionName = rule.rule === "exchange_id" && !rule.tagged ? "removeExchangeID" : spec.functionName;
  const moduleCall = encodeFunctionData({ abi: moduleAbi(module.kind), functionName, args: spec.args(rule as never) } as never);
  if (spec.ownerCall) return { to: module.address, data: moduleCall };
  return {
    to: module.compliance,
    data: encodeFunctionData({ abi: complianceAbi(), functionName: "callModuleFunction", args: [moduleCall, module.address] }),
  };
}

/** The rules that set up a new module from its creation parameters, in order. */
export function initialRules(kind: ModuleKind, params: CreationParams): Rule[] {
  switch (kind) {
    case "MaxBalanceModule":
      return params.max_balance !== undefined ? [{ rule: "max_balance", max_balance: params.max_balance }] : [];
    case "SupplyLimitModule":
      return params.supply_limit !== undefined ? [{ rule: "supply_limit", supply_limit: params.supply_limit }] : [];
    case "CountryAllowModule":
      return params.countries ? [{ rule: "allow_countries", countries: params.countries }] : [];
    case "CountryRestrictModule":
      return params.countries ? [{ rule: "restrict_countries", countries: params.countries }] : [];
    case "TimeTransfersLimitsModule":
      return params.time_transfer_limits ? [{ rule: "time_transfer_limits", limits: params.time_transfer_limits }] : [];
    case "TransferFeesModule":
      return params.transfer_fees ? [{ rule: "transfer_fees", ...params.transfer_fees }] : [];
    case "ExchangeMonthlyLimitsModule":
      return (params.exchange_monthly_limits ?? []).flatMap((e): Rule[] => [
        { rule: "exchange_id", exchange_id: e.exchange_id, tagged: true },
        { rule: "exchange_monthly_limit", exchange_id: e.exchange_id, monthly_limit: e.monthly_limit },
      ]);
  }
}

export interface CreationParams {
  max_balance?: string;
  preset_completed?: boolean;
  supply_limit?: string;
  countries?: number[];
  time_transfer_limits?: TimeLimit[];
  transfer_fees?: { basis_points: number; collector: Address };
  exchange_monthly_limits?: { exchange_id: Address; monthly_limit: string }[];
}

/** Which creation parameter belongs to which kinds (a parameter of another kind is a 400 naming it). */
export const PARAM_KINDS: Record<keyof CreationParams, readonly ModuleKind[]> = {
  max_balance: ["MaxBalanceModule"],
  preset_completed: ["MaxBalanceModule"],
  supply_limit: ["SupplyLimitModule"],
  countries: ["CountryAllowModule", "CountryRestrictModule"],
  time_transfer_limits: ["TimeTransfersLimitsModule"],
  transfer_fees: ["TransferFeesModule"],
  exchange_monthly_limits: ["ExchangeMonthlyLimitsModule"],
};
