// POST /v1/tokens/{id}/compliance/check: would this transfer (or, from the zero address, this mint) go
// through? Every check is the token's own, read on chain in the order Token.transfer applies them: not
// paused, neither wallet frozen, amount within the sender's free balance (balance minus frozen tokens),
// receiver verified by the identity registry, then each module of the compliance (moduleCheck, as
// ModularCompliance.canTransfer runs them). A refusing module gets a human reason from its own state.
import { getAddress, zeroAddress, type Abi, type Address } from "viem";
import { artifact } from "@/lib/chain/artifacts";
import { publicClient } from "@/lib/chain/network/clients";
import { db } from "@/lib/db";
import type { Scope } from "@/lib/core/scope";
import { regulatedToken, type RegulatedToken } from "@/lib/trex/suite/service";
import { chainRead, moduleName } from "@/lib/trex/compliance/reads";
import { countryOf } from "@/lib/core/countries";
import { complianceAbi, moduleAbi } from "@/lib/trex/compliance/module-kinds";

type Rule = "identity_verified" | "token_paused" | "wallet_frozen" | "free_balance" | "module";

interface CheckItem {
  rule: Rule;
  module: string | null;
  module_address: string | null;
  kind: string | null;
  passed: boolean;
  reason: string | null;
}

const item = (rule: Rule, passed: boolean, reason: string, extra: Partial<CheckItem> = {}): CheckItem => ({
  rule, module: null, module_address: null, kind: null, passed, reason: passed ? null : reason, ...extra,
});

interface Ctx {
  token: RegulatedToken;
  from: Address;
  to: Address;
  amount: bigint;
}

const tokenAbi = () => artifact("Token").abi as Abi;
const registryAbi = () => artifact("IdentityRegistry").abi as Abi;
const readTokenAt = <T>(c: Ctx, fn: string, args: readonly unknown[] = []) => chainRead<T>(c.token.network, c.token.address, tokenAbi(), fn, args);
const readRegistry = <T>(c: Ctx, fn: string, args: readonly unknown[] = []) => chainRead<T>(c.token.network, c.token.suite.identityRegistry, registryAbi(), fn, args);

export async function checkTransfer(scope: Scope, tokenId: string, body: { from: Address; to: Address; amount: string }) {
  const token = await regulatedToken(scope, tokenId);
  const c: Ctx = { token, from: getAddress(body.from), to: getAddress(body.to), amount: BigInt(body.amount) };
  const mint = c.from === zeroAddress;
  const checks: CheckItem[] = [];

  if (!mint) {
    const [paused, fromFrozen, toFrozen, balance, frozenTokens] = await Promise.all([
      readTokenAt<boolean>(c, "paused"),
      readTokenAt<boolean>(c, "isFrozen", [c.from]),
      readTokenAt<boolean>(c, "isFrozen", [c.to]),
      readTokenAt<bigint>(c, "balanceOf", [c.from]),
      readTokenAt<bigint>(c, "getFrozenTokens", [c.from]),
    ]);
    checks.push(item("token_paused", !paused, "The token is paused."));
    checks.push(item("wallet_frozen", !fromFrozen && !toFrozen, fromFrozen ? `The sender ${c.from} is frozen.` : `The receiver ${c.to} is frozen.`));
    const free = balance - frozenTokens;
    checks.push(item("free_balance", c.amount <= free, `The sender's free balance is ${free} (balance ${balance} minus ${frozenTokens} frozen), less than ${c.amount}.`));
  }
  const verified = await readRegistry<boolean>(c, "isVerified", [c.to]);
  checks.push(item("identity_verified", verified, `The receiver ${c.to} has no verified identity in the token's identity registry.`));

  const compliance = token.suite.compliance;
  const [modules, canTransfer] = await Promise.all([
    chainRead<Address[]>(token.network, compliance, complianceAbi(), "getModules"),
    chainRead<boolean>(token.network, compliance, complianceAbi(), "canTransfer", [c.from, c.to, c.amount]),
  ]);
  const known = await db.complianceModule.findMany({ where: { tenantId: scope.tenantId, livemode: scope.livemode, address: { in: modules.map((m) => getAddress(m)) } } });
  for (const address of modules.map((m) => getAddress(m))) {
    const record = known.find((k) => k.address === address);
    const [passed, name] = await Promise.all([
      chainRead<boolean>(token.network, address, moduleAbi("CountryAllowModule"), "moduleCheck", [c.from, c.to, c.amount, compliance]),
      moduleName(token.network, address),
    ]);
    const reason = passed ? null : await refusal(c, address, name ?? "module", record?.deployTxId ?? null);
    checks.push({ rule: "module", module: record?.id ?? null, module_address: address, kind: name, passed, reason });
  }

  const refused = checks.find((ch) => !ch.passed) ?? null;
  return {
    object: "compliance_check" as const, token: token.id, from: c.from, to: c.to, amount: c.amount.toString(),
    allowed: refused === null, can_transfer: canTransfer, refused_by: refused, checks,
  };
}

const countryText = (numeric: number) => `${countryOf(numeric).alpha2 ?? "unknown"} (${numeric})`;

/** Why a module refuses, from the state its moduleCheck reads. */
async function refusal(c: Ctx, module: Address, name: string, deployTxId: string | null): Promise<string> {
  const compliance = c.token.suite.compliance;
  const read = <T>(fn: string, args: readonly unknown[]) => chainRead<T>(c.token.network, module, moduleAbi(name as never), fn, args);
  switch (name) {
    case "CountryAllowModule":
      return `CountryAllowModule: the receiver's country ${countryText(Number(await readRegistry<number>(c, "investorCountry", [c.to])))} is not on the allowed list.`;
    case "CountryRestrictModule":
      return `CountryRestrictModule: the receiver's country ${countryText(Number(await readRegistry<number>(c, "investorCountry", [c.to])))} is restricted.`;
    case "SupplyLimitModule": {
      const [limit, supply] = await Promise.all([read<bigint>("getSupplyLimit", [compliance]), readTokenAt<bigint>(c, "totalSupply")]);
      return `SupplyLimitModule: minting ${c.amount} would take the total supply from ${supply} to ${supply + c.amount}, over the supply limit ${limit}.`;
    }
    case "MaxBalanceModule": {
      const identity = await readRegistry<Address>(c, "identity", [c.to]);
      const [max, held] = await Promise.all([maxBalance(c, module, deployTxId), read<bigint>("getIDBalance", [compliance, identity])]);
      if (max === null) return `MaxBalanceModule: the receiver's balance would exceed the module's maximum.`;
      return `MaxBalanceModule: the receiver's balance would exceed ${max} (its identity holds ${held}, plus ${c.amount}).`;
    }
    case "TimeTransfersLimitsModule":
      return timeLimitRefusal(c, read);
    case "ExchangeMonthlyLimitsModule": {
      const [sender, exchange] = await Promise.all([readRegistry<Address>(c, "identity", [c.from]), readRegistry<Address>(c, "identity", [c.to])]);
      const [limit, counter, timer, now] = await Promise.all([
        read<bigint>("getExchangeMonthlyLimit", [compliance, exchange]),
        read<bigint>("getMonthlyCounter", [compliance, exchange, sender]),
        read<bigint>("getMonthlyTimer", [compliance, exchange, sender]),
        latestTimestamp(c),
      ]);
      const used = timer > now ? counter : 0n;
      return `ExchangeMonthlyLimitsModule: transfers from this investor toward the exchange identity ${exchange} would reach ${used + c.amount} this month, over the monthly limit ${limit}.`;
    }
    default:
      return `${name}: moduleCheck refused the transfer.`;
  }
}

async function timeLimitRefusal(c: Ctx, read: <T>(fn: string, args: readonly unknown[]) => Promise<T>) {
  const compliance = c.token.suite.compliance;
  const [limits, identity, now] = await Promise.all([
    read<{ limitTime: number; limitValue: bigint }[]>("getTimeTransferLimits", [compliance]),
    readRegistry<Address>(c, "identity", [c.from]),
    latestTimestamp(c),
  ]);
  for (const limit of limits) {
    if (c.amount > limit.limitValue) return `TimeTransfersLimitsModule: ${c.amount} exceeds the cap ${limit.limitValue} of the ${limit.limitTime}-second window.`;
    const [value, timer] = await read<readonly [bigint, bigint]>("usersCounters", [compliance, identity, limit.limitTime]);
    if (timer > now && value + c.amount > limit.limitValue) {
      return `TimeTransfersLimitsModule: the sender transferred ${value} in the current ${limit.limitTime}-second window; ${c.amount} more would exceed the cap ${limit.limitValue}.`;
    }
  }
  return "TimeTransfersLimitsModule: the transfer exceeds a time window's cap.";
}

async function latestTimestamp(c: Ctx) {
  return (await publicClient(c.token.network).getBlock()).timestamp;
}

/** MaxBalanceModule keeps its maximum without a getter: the last MaxBalanceSet of this compliance says it. */
async function maxBalance(c: Ctx, module: Address, deployTxId: string | null): Promise<bigint | null> {
  const deploy = deployTxId ? await db.transaction.findUnique({ where: { id: deployTxId }, select: { blockNumber: true } }) : null;
  try {
    const logs = await publicClient(c.token.network).getContractEvents({
      address: module, abi: moduleAbi("MaxBalanceModule"), eventName: "MaxBalanceSet", args: { _compliance: c.token.suite.compliance }, fromBlock: deploy?.blockNumber ?? 0n,
    } as never);
    const last = (logs as unknown as { args: { _maxBalance: bigint } }[]).at(-1);
    return last ? last.args._maxBalance : 0n;
  } catch {
    return null;
  }
}
