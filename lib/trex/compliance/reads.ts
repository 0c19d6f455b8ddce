// On-chain reads of compliance modules and of a token's ModularCompliance. Module parameters are stored
// per compliance inside the module, so every read names the module's compliance. Where a module has no
// getter (MaxBalanceModule's maximum, the country lists) the module's own events give the candidates and,
// for countries, each one is confirmed with the module's view function.
import { getAddress, zeroAddress, type Abi, type Address } from "viem";
import { invalidRequest } from "@/lib/core/errors";
import { publicClient } from "@/lib/chain/network/clients";
import { chainUnavailable, readChain } from "@/lib/chain/network/read";
import { db } from "@/lib/db";
import type { Scope } from "@/lib/core/scope";
import type { ModuleKind } from "@/lib/schemas/compliance";
import { regulatedToken } from "@/lib/trex/suite/service";
import { countryOf } from "@/lib/core/countries";
import { findModule, requireKind, requireProxy, type LiveModule } from "@/lib/trex/compliance/records";
import { complianceAbi, moduleAbi } from "@/lib/trex/compliance/module-kinds";

/** readContract; a transport failure is 502, a revert 400 `chain_read_reverted` (the contract refused the read). */
export const chainRead = <T>(network: string, address: Address, abi: Abi, functionName: string, args: readonly unknown[] = []): Promise<T> =>
  readChain<T>(network, address, abi, functionName, args, {
    onRevert: () => {
      throw invalidRequest("chain_read_reverted", `${functionName} reverted on ${address}.`);
    },
  });

const country = (numeric: number) => countryOf(numeric);

type ReadableModule = LiveModule & { compliance: Address };

async function readable(scope: Scope, id: string, operation: string, kinds?: readonly ModuleKind[]): Promise<ReadableModule> {
  const found = await findModule(scope, id);
  if (kinds) requireKind(found, kinds, operation);
  const module = requireProxy(found, operation);
  return { ...module, compliance: getAddress(module.compliance as string) };
}

const readModule = <T>(m: ReadableModule, functionName: string, args: readonly unknown[] = []) =>
  chainRead<T>(m.network, m.address, moduleAbi(m.kind), functionName, args);

export async function complianceContract(scope: Scope, id: string) {
  const m = await readable(scope, id, "compliance_contract");
  const bound = await chainRead<boolean>(m.network, m.compliance, complianceAbi(), "isModuleBound", [m.address]);
  return { object: "compliance_contract" as const, module: m.id, token: m.tokenId, compliance: m.compliance, bound };
}

export async function isAllowedCountry(scope: Scope, id: string, numeric: number) {
  const m = await readable(scope, id, "is_allowed_country", ["CountryAllowModule", "CountryRestrictModule"]);
  const allowed = m.kind === "CountryAllowModule"
    ? await readModule<boolean>(m, "isCountryAllowed", [m.compliance, numeric])
    : !(await readModule<boolean>(m, "isCountryRestricted", [m.compliance, numeric]));
  return { object: "country_check" as const, module: m.id, kind: m.kind, country: country(numeric), allowed };
}

export async function isExchangeId(scope: Scope, id: string, exchangeId: Address) {
  const m = await readable(scope, id, "is_exchange_id", ["ExchangeMonthlyLimitsModule"]);
  const [isExchange, limit] = await Promise.all([
    readModule<boolean>(m, "isExchangeID", [exchangeId]),
    readModule<bigint>(m, "getExchangeMonthlyLimit", [m.compliance, exchangeId]),
  ]);
  return { object: "exchange_id_check" as const, module: m.id, exchange_id: exchangeId, is_exchange: isExchange, monthly_limit: limit.toString() };
}

export async function timeTransferLimits(scope: Scope, id: string) {
  const m = await readable(scope, id, "time_transfer_limits", ["TimeTransfersLimitsModule"]);
  return { object: "time_transfer_limits" as const, module: m.id, compliance: m.compliance, limits: await readLimits(m) };
}

async function readLimits(m: ReadableModule) {
  const limits = await readModule<{ limitTime: number; limitValue: bigint }[]>(m, "getTimeTransferLimits", [m.compliance]);
  return limits.map((l) => ({ period_sec: Number(l.limitTime), max_amount: l.limitValue.toString() }));
}

export async function transferFees(scope: Scope, id: string) {
  const m = await readable(scope, id, "transfer_fees", ["TransferFeesModule"]);
  return { object: "transfer_fees" as const, module: m.id, compliance: m.compliance, ...(await readFee(m)) };
}

async function readFee(m: ReadableModule) {
  const fee = await readModule<{ rate: bigint; collector: Address }>(m, "getFee", [m.compliance]);
  return { basis_points: Number(fee.rate), collector: fee.collector === zeroAddress ? null : fee.collector };
}

/** The module's events about its compliance, from the block the proxy was created in. */
async function eventsOf(m: ReadableModule, eventName: string) {
  const deploy = m.deployTxId ? await db.transaction.findUnique({ where: { id: m.deployTxId }, select: { blockNumber: true } }) : null;
  try {
    const logs = await publicClient(m.network).getContractEvents({ address: m.address, abi: moduleAbi(m.kind), eventName, fromBlock: deploy?.blockNumber ?? 0n } as never);
    return (logs as unknown as { args: Record<string, unknown> }[])
      .map((l) => l.args)
      .filter((a) => getAddress(String(a._compliance ?? a.compliance)) === m.compliance);
  } catch {
    throw chainUnavailable(m.network);
  }
}

async function countriesWhere(m: ReadableModule, eventName: string, check: string) {
  const candidates = [...new Set((await eventsOf(m, eventName)).map((a) => Number(a._country)))].sort((a, b) => a - b);
  const flags = await Promise.all(candidates.map((c) => readModule<boolean>(m, check, [m.compliance, c])));
  return candidates.filter((_, i) => flags[i]).map(country);
}

export async function moduleParams(scope: Scope, id: string) {
  const m = await readable(scope, id, "module_params");
  const base = { object: "module_params" as const, module: m.id, kind: m.kind, compliance: m.compliance };
  switch (m.kind) {
    case "MaxBalanceModule": {
      const sets = await eventsOf(m, "MaxBalanceSet");
      return { ...base, max_balance: String(sets.at(-1)?._maxBalance ?? 0n) };
    }
    case "SupplyLimitModule":
      return { ...base, supply_limit: (await readModule<bigint>(m, "getSupplyLimit", [m.compliance])).toString() };
    case "CountryRestrictModule":
      return { ...base, restricted_countries: await countriesWhere(m, "AddedRestrictedCountry", "isCountryRestricted") };
    case "CountryAllowModule":
      return { ...base, allowed_countries: await countriesWhere(m, "CountryAllowed", "isCountryAllowed") };
    case "TimeTransfersLimitsModule":
      return { ...base, time_transfer_limits: await readLimits(m) };
    case "TransferFeesModule":
      return { ...base, transfer_fees: await readFee(m) };
    case "ExchangeMonthlyLimitsModule": {
      const exchanges = [...new Set((await eventsOf(m, "ExchangeMonthlyLimitUpdated")).map((a) => getAddress(String(a._exchangeID))))];
      const rows = await Promise.all(exchanges.map(async (exchange) => ({
        exchange_id: exchange,
        is_exchange: await readModule<boolean>(m, "isExchangeID", [exchange]),
        monthly_limit: (await readModule<bigint>(m, "getExchangeMonthlyLimit", [m.compliance, exchange])).toString(),
      })));
      return { ...base, exchange_monthly_limits: rows };
    }
  }
}

// ---------- a token's compliance ----------

export async function isModuleBound(scope: Scope, moduleId: string, tokenId?: string) {
  const m = await readable(scope, moduleId, "is_module_bound");
  const token = tokenId !== undefined ? await regulatedToken(scope, tokenId) : m.tokenId ? await regulatedToken(scope, m.tokenId) : null;
  if (!token) throw invalidRequest("parameter_missing", "Missing required parameter: token_id (the module has no token)", "token_id");
  if (token.network !== m.network) throw invalidRequest("parameter_invalid", `Invalid token_id: the module is on ${m.network}, the token on ${token.network}`, "token_id");
  const bound = await chainRead<boolean>(token.network, token.suite.compliance, complianceAbi(), "isModuleBound", [m.address]);
  return { object: "module_binding" as const, module: m.id, token: token.id, compliance: token.suite.compliance, bound };
}

export async function isTokenBound(scope: Scope, tokenId: string) {
  const token = await regulatedToken(scope, tokenId);
  const bound = await chainRead<Address>(token.network, token.suite.compliance, complianceAbi(), "getTokenBound");
  return {
    object: "token_binding" as const, token: token.id, compliance: token.suite.compliance,
    token_bound: bound === zeroAddress ? null : bound, bound: bound.toLowerCase() === token.address.toLowerCase(),
  };
}

export async function onChainModules(scope: Scope, tokenId: string) {
  const token = await regulatedToken(scope, tokenId);
  const addresses = await chainRead<Address[]>(token.network, token.suite.compliance, complianceAbi(), "getModules");
  const known = await db.complianceModule.findMany({
    where: { tenantId: scope.tenantId, livemode: scope.livemode, network: token.network, address: { in: addresses.map((a) => getAddress(a)) } },
    select: { id: true, address: true },
  });
  const names = await Promise.all(addresses.map((a) => moduleName(token.network, a)));
  return {
    object: "on_chain_modules" as const, token: token.id, compliance: token.suite.compliance,
    modules: addresses.map((a, i) => ({ address: getAddress(a), name: names[i], module: known.find((k) => k.address === getAddress(a))?.id ?? null })),
  };
}

/** A module's name() (every T-REX module has one); null when it answers none. */
export const moduleName = (network: string, address: Address): Promise<string | null> =>
  readChain<string | null>(network, address, moduleAbi("CountryAllowModule"), "name", [], { onRevert: () => null });
