// What compliance-module transactions do when they end. Creating an on-chain module is a chain of
// writes from the tenant's acting account: the ModuleProxy creation (in connect mode created uninitialized,
// then initialize() by the account, see ./compliance createModule), then (follow-ups recorded in the same
// database transaction that confirms it, sent in that order) the token agent role for a
// TransferFeesModule (it collects the fee with forcedTransfer), presetCompleted for a MaxBalanceModule
// that asked for it, compliance.addModule, and the initial rules. The module is `deployed` when
// addModule is confirmed.
import { encodeFunctionData, getAddress, type Abi, type Address } from "viem";
import type { EffectContext, EffectEvent, Operation } from "@/lib/chain/registry/kinds";
import { artifact } from "@/lib/chain/artifacts";
import type { ComplianceModule } from "@/lib/generated/prisma/client";
import type { ModuleKind } from "@/lib/schemas/compliance";
import { MODULE_COLUMNS, serializeModule } from "@/lib/trex/compliance/records";
import { complianceAbi, encodeRule, initialRules, moduleAbi, type CreationParams, type Rule } from "@/lib/trex/compliance/module-kinds";

/** Data each compliance transaction carries in its record's `effect`. */
export interface ModuleEffect {
  moduleId: string;
  tokenId: string;
  /** The token contract and its ModularCompliance. */
  token: Address;
  compliance: Address;
  /** compliance.module.add / remove: part of creating (add) or deleting (remove) the module. */
  lifecycle?: boolean;
  rule?: Rule;
  /** compliance.module.deploy: the proxy was created without initialize() (see ./compliance createModule). */
  initialize?: boolean;
}

const effectOf = (ctx: EffectContext) => ctx.tx.effect as unknown as ModuleEffect;

async function updateModule(ctx: EffectContext, sets: string, values: unknown[]): Promise<ComplianceModule | undefined> {
  const { rows } = await ctx.client.query(
    `UPDATE compliance_modules SET ${sets}, updated_at = now() WHERE id = $1 RETURNING ${MODULE_COLUMNS}`,
    [effectOf(ctx).moduleId, ...values],
  );
  return rows[0] as ComplianceModule | undefined;
}

const bindingEvent = (ctx: EffectContext, m: ComplianceModule) => ({
  object: "compliance_binding",
  module: m.id,
  kind: m.kind,
  module_address: m.address,
  token: effectOf(ctx).tokenId,
  compliance: effectOf(ctx).compliance,
  transaction: ctx.tx.id,
  hash: ctx.tx.hash,
  network: ctx.tx.network,
  livemode: ctx.tx.livemode,
});

const followUp = (ctx: EffectContext, kind: "compliance.module.initialize" | "compliance.module.prepare" | "compliance.module.add" | "compliance.rule.add", to: Address, data: `0x${string}`, effect: ModuleEffect) =>
  ctx.submit({
    tenantId: ctx.tx.tenantId, livemode: ctx.tx.livemode, network: ctx.tx.network, kind, tokenId: effect.tokenId,
    to, data, request: { module: effect.moduleId, step: kind }, effect: effect as unknown as Record<string, unknown>,
  });

/** The follow-ups of a created (and initialized) module, in order; `m` has its proxy address. */
async function continueCreation(ctx: EffectContext, m: ComplianceModule) {
  const effect = effectOf(ctx);
  const proxy = getAddress(m.address!);
  const kind = m.kind as ModuleKind;
  const params = m.params as CreationParams;
  if (kind === "TransferFeesModule") {
    const data = encodeFunctionData({ abi: artifact("Token").abi as Abi, functionName: "addAgent", args: [proxy] });
    await followUp(ctx, "compliance.module.prepare", effect.token, data, effect);
  }
  if (kind === "MaxBalanceModule" && params.preset_completed) {
    const data = encodeFunctionData({ abi: moduleAbi(kind), functionName: "presetCompleted", args: [effect.compliance] });
    await followUp(ctx, "compliance.module.prepare", proxy, data, effect);
  }
  const add = encodeFunctionData({ abi: complianceAbi(), functionName: "addModule", args: [proxy] });
  await followUp(ctx, "compliance.module.add", effect.compliance, add, { ...effect, lifecycle: true });
  for (const rule of initialRules(kind, params)) {
    const call = encodeRule(rule, { kind, address: proxy, compliance: effect.compliance });
    await followUp(ctx, "compliance.rule.add", call.to, call.data, { ...effect, rule });
  }
}

const failModule = async (ctx: EffectContext & { reason: string }) => {
  await updateModule(ctx, "status = 'failed', failure_reason = $2", [ctx.reason]);
};

const deploy: Operation = {
  async onConfirmed(ctx) {
    const { receipt } = ctx;
    if (!receipt.contractAddress) {
      await updateModule(ctx, "status = 'failed', failure_reason = $2", ["The proxy creation created no contract."]);
      return;
    }
    const proxy = getAddress(receipt.contractAddress);
    const m = await updateModule(ctx, "address = $2", [proxy]);
    if (!m) return;
    const effect = effectOf(ctx);
    if (effect.initialize) {
      // Created uninitialized (connect mode): the acting account initializes it, so it is its owner.
      const data = encodeFunctionData({ abi: moduleAbi(m.kind as ModuleKind), functionName: "initialize", args: [] });
      await followUp(ctx, "compliance.module.initialize", proxy, data, { ...effect, initialize: false });
      return;
    }
    await continueCreation(ctx, m);
  },
  onFailed: failModule,
};

/** The acting account's initialize() on a module created uninitialized. If it fails (someone initialized it first), the module is failed and never added. */
const initialize: Operation = {
  async onConfirmed(ctx) {
    const { rows } = await ctx.client.query(`SELECT ${MODULE_COLUMNS} FROM compliance_modules WHERE id = $1`, [effectOf(ctx).moduleId]);
    const m = rows[0] as ComplianceModule | undefined;
    if (m?.address) await continueCreation(ctx, m);
  },
  onFailed: failModule,
};

const add: Operation = {
  async onConfirmed(ctx) {
    const effect = effectOf(ctx);
    const m = await updateModule(
      ctx,
      `bound = true, token_id = $2, compliance = $3${effect.lifecycle ? ", status = 'deployed'" : ""}`,
      [effect.tokenId, effect.compliance],
    );
    if (!m) return;
    const events: EffectEvent[] = [];
    if (effect.lifecycle) events.push({ type: "compliance.module.deployed", object: serializeModule(m) });
    events.push({ type: "compliance.token.bound", object: bindingEvent(ctx, m) });
    return events;
  },
  async onFailed(ctx) {
    if (effectOf(ctx).lifecycle) await updateModule(ctx, "status = 'failed', failure_reason = $2", [`compliance.addModule failed: ${ctx.reason}`]);
  },
};

const remove: Operation = {
  async onConfirmed(ctx) {
    const effect = effectOf(ctx);
    const m = await updateModule(ctx, `bound = false${effect.lifecycle ? ", status = 'removed'" : ""}`, []);
    if (!m) return;
    // Out of the compliance, a TransferFeesModule no longer needs the agent role it collected fees with.
    if (m.kind === "TransferFeesModule" && m.address) {
      const data = encodeFunctionData({ abi: artifact("Token").abi as Abi, functionName: "removeAgent", args: [m.address] });
      await followUp(ctx, "compliance.module.prepare", effect.token, data, effect);
    }
    if (effect.lifecycle) return [{ type: "compliance.module.removed", object: { ...serializeModule(m), transaction: ctx.tx.id, hash: ctx.tx.hash } }];
    return [{ type: "compliance.token.unbound", object: bindingEvent(ctx, m) }];
  },
};

const rule: Operation = {
  async onConfirmed(ctx) {
    const effect = effectOf(ctx);
    const { rows } = await ctx.client.query(`SELECT kind, address FROM compliance_modules WHERE id = $1`, [effect.moduleId]);
    if (!rows.length) return;
    return [{
      type: "compliance.rule.added",
      object: {
        object: "compliance_rule",
        module: effect.moduleId,
        kind: rows[0].kind,
        module_address: rows[0].address,
        token: effect.tokenId,
        compliance: effect.compliance,
        ...effect.rule,
        transaction: ctx.tx.id,
        hash: ctx.tx.hash,
        network: ctx.tx.network,
        livemode: ctx.tx.livemode,
      },
    }];
  },
};

export const complianceOperations = {
  "compliance.module.deploy": deploy,
  "compliance.module.initialize": initialize,
  /** Token.addAgent/removeAgent(module) around a TransferFeesModule's binding, MaxBalanceModule.presetCompleted before addModule. */
  "compliance.module.prepare": {},
  "compliance.module.add": add,
  "compliance.module.remove": remove,
  "compliance.rule.add": rule,
} satisfies Record<string, Operation>;
