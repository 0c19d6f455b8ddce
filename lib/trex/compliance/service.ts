// Compliance modules (spec 4.4): creation, listing, binding to a token's ModularCompliance, removal and
// every configuration change ("rule"). Every write is sent by the tenant's acting account, which owns the
// compliance of its suites and every module proxy it creates; the module changes when it is confirmed
// (./compliance-effects).
//
// Binding semantics, from the contracts: a ModularCompliance is bound to exactly one token (the token's
// own setCompliance does that at suite deployment, and rebinding it would stop the token's transfers),
// while a module serves the compliances that added it. So bind_token = addModule on the token's
// compliance, unbind_token = removeModule there (the module record stays, reusable), and DELETE
// …/module = removeModule and the record is `removed`. A module is in one compliance at a time here.
import { encodeDeployData, encodeFunctionData, type Address } from "viem";
import type { z } from "zod";
import { newId, type IdPrefix } from "@/lib/core/ids";
import { invalidRequest, notDeployed } from "@/lib/core/errors";
import { paginate } from "@/lib/core/pagination";
import { artifact } from "@/lib/chain/artifacts";
import { networkFor } from "@/lib/chain/network/networks";
import { actingFor } from "@/lib/connect/settings/wallet-mode";
import { claimMark, setClaimWrites } from "@/lib/core/idempotency-context";
import { serializeTransaction, submitChainWrite, writeOnce, type ChainWrite } from "@/lib/chain/intake";
import { db } from "@/lib/db";
import type { ComplianceModule } from "@/lib/generated/prisma/client";
import type { CreateModuleInput, ListModulesQuery } from "@/lib/schemas/compliance";
import type { Scope } from "@/lib/core/scope";
import { readToken } from "@/lib/tokens/reads";
import { trexBase } from "@/lib/trex/suite/base";
import { type ModuleKind } from "@/lib/schemas/compliance";
import { regulatedToken, type RegulatedToken } from "@/lib/trex/suite/service";
import type { ModuleEffect } from "@/lib/trex/compliance/effects";
import { findModule, MODULE_COLUMNS, requireBound, requireKind, requireProxy, serializeModule } from "@/lib/trex/compliance/records";
import { complianceAbi, encodeRule, kindOfRule, moduleAbi, PARAM_KINDS, type CreationParams, type Rule } from "@/lib/trex/compliance/module-kinds";

type CreateInput = z.output<typeof CreateModuleInput>;

export const getModule = async (scope: Scope, id: string) => serializeModule(await findModule(scope, id));

export function listModules(scope: Scope, query: z.output<typeof ListModulesQuery>) {
  const where: Record<string, unknown> = { tenantId: scope.tenantId, livemode: scope.livemode };
  if (query.kind) where.kind = query.kind;
  if (query.token_id) where.tokenId = query.token_id;
  if (query.status) where.status = query.status;
  return paginate(db.complianceModule, where, query, serializeModule);
}

function creationParams(input: CreateInput): CreationParams {
  const params: CreationParams = {};
  for (const [field, kinds] of Object.entries(PARAM_KINDS) as [keyof CreationParams, readonly ModuleKind[]][]) {
    if (input[field] === undefined) continue;
    if (!kinds.includes(input.kind)) throw invalidRequest("parameter_invalid", `Invalid ${field}: not a parameter of ${input.kind} (only ${kinds.join(", ")})`, field);
    (params as Record<string, unknown>)[field] = input[field];
  }
  return params;
}

const insertSql = `INSERT INTO compliance_modules (id, tenant_id, livemode, kind, network, on_chain, status, implementation, token_id, compliance, params, deploy_tx_id, idempotency_claim)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${MODULE_COLUMNS}`;

export async function createModule(scope: Scope, input: CreateInput) {
  const params = creationParams(input);
  const onChain = input.on_chain ?? input.token_id !== undefined;
  if (!onChain) {
    if (input.token_id !== undefined) throw invalidRequest("parameter_invalid", "Invalid token_id: a configuration-only module (on_chain false) is bound to no token", "token_id");
    const network = input.network === undefined ? null : networkFor(input.network, scope.livemode).name;
    // No chain write: a request run again finds the row by its claim reference.
    return writeOnce({
      async record({ client, claim }) {
        const { rows } = await client.query(insertSql, [newId("cmod" as IdPrefix), scope.tenantId, scope.livemode, input.kind, network, false, "configured", null, null, null, JSON.stringify(params), null, claim]);
        return serializeModule(rows[0] as ComplianceModule);
      },
      rows: {
        kind: "compliance.module.configure",
        find: async (claim) => {
          const earlier = await db.complianceModule.findUnique({ where: { idempotencyClaim: claim } });
          return earlier && serializeModule(earlier);
        },
      },
    });
  }
  if (input.token_id === undefined) throw invalidRequest("parameter_missing", "Missing required parameter: token_id (an on-chain module is added to that token's compliance)", "token_id");
  const tokenId = input.token_id;
  return writeOnce({
    async check() {
      const token = await regulatedToken(scope, tokenId);
      if (input.network !== undefined) networkFor(input.network, scope.livemode); // an unknown name answers network_unknown, as everywhere
      if (input.network !== undefined && input.network !== token.network) {
        throw invalidRequest("parameter_invalid", `Invalid network: the module goes on the token's network (${token.network})`, "network");
      }
      await assertCanBind(token, input.kind, params.preset_completed === true);
      if (params.transfer_fees) await assertVerifiedCollector(token, params.transfer_fees.collector, "transfer_fees.collector");
      // The module's owner is whoever calls initialize(): inside the proxy's constructor that is the creator.
      // A smart account creates through the CREATE2 deployer, which would own it; so in connect mode the proxy
      // is created uninitialized and the account initializes it next (./compliance-effects).
      const byAccount = (await actingFor(scope, token.network)).mode === "connect";
      return { token, byAccount };
    },
    async record(tx, { token, byAccount }) {
      const id = newId("cmod" as IdPrefix); // the shared IdPrefix list is not ours to edit
      const implementation = trexBase(token.network).modules[input.kind];
      const initialize = byAccount ? "0x" : encodeFunctionData({ abi: moduleAbi(input.kind), functionName: "initialize", args: [] });
      const effect: ModuleEffect = { moduleId: id, tokenId: token.id, token: token.address, compliance: token.suite.compliance, ...(byAccount && { initialize: true }) };
      const { idempotency_key: _, ...request } = input;
      const write = await tx.record({
        tenantId: scope.tenantId, livemode: scope.livemode, network: token.network, kind: "compliance.module.deploy", tokenId: token.id,
        data: encodeDeployData({ abi: artifact("ModuleProxy").abi, bytecode: artifact("ModuleProxy").bytecode, args: [implementation, initialize] } as never),
        request: { ...request, module: id }, effect: effect as unknown as Record<string, unknown>,
      });
      const { rows } = await tx.client.query(insertSql, [
        id, scope.tenantId, scope.livemode, input.kind, token.network, true, "deploying", implementation, token.id, token.suite.compliance, JSON.stringify(params), write.id, null,
      ]);
      return serializeModule(rows[0] as ComplianceModule);
    },
    find: async ([write]) => serializeModule(await db.complianceModule.findFirstOrThrow({ where: { deployTxId: write.id } })),
  });
}

/**
 * The bind conditions the contracts check in addModule, answered as 400 before sending: a MaxBalanceModule
 * binds only to a token without supply unless its preset is completed (its identity balances would be
 * wrong otherwise).
 */
async function assertCanBind(token: RegulatedToken, kind: ModuleKind, presetCompleted: boolean) {
  if (kind !== "MaxBalanceModule" || presetCompleted) return;
  const supply = await readToken<bigint>(token, "totalSupply");
  if (supply > 0n) {
    throw invalidRequest(
      "module_cannot_bind",
      `A MaxBalanceModule binds only to a token without supply (T-REX canComplianceBind); '${token.id}' has ${supply}. ` +
        "Create it with preset_completed: true to bind it anyway (identity balances then start at 0).",
      "token_id",
    );
  }
}

/** TransferFeesModule.setFee reverts unless the collector is verified by the token's identity registry: say so first. */
async function assertVerifiedCollector(token: RegulatedToken, collector: Address, param = "collector") {
  const verified = await readToken<boolean>(token, "isVerified", [collector], { address: token.suite.identityRegistry, abi: artifact("IdentityRegistry").abi });
  if (!verified) {
    throw invalidRequest("collector_not_verified", `The fee collector ${collector} must be a verified investor of token '${token.id}' (identity registry isVerified).`, param);
  }
}

function writeOf(scope: Scope, module: ComplianceModule & { network: string }, kind: ChainWrite["kind"], to: Address, data: `0x${string}`, effect: ModuleEffect, request: Record<string, unknown>): ChainWrite {
  const { idempotency_key: _, ...shown } = request;
  return {
    tenantId: scope.tenantId, livemode: scope.livemode, network: module.network, kind, tokenId: effect.tokenId, to, data,
    request: { ...shown, module: module.id }, effect: effect as unknown as Record<string, unknown>,
  };
}

const write = (...args: Parameters<typeof writeOf>) => submitChainWrite(writeOf(...args));

/** Sends one configuration change through the module's compliance (400 for another kind's rule, before any chain call). */
export async function applyRule(scope: Scope, id: string, rule: Rule, request: Record<string, unknown>, operation: string) {
  const found = await findModule(scope, id);
  requireKind(found, [kindOfRule(rule.rule)], operation);
  const module = requireBound(found, operation);
  const call = encodeRule(rule, { kind: module.kind, address: module.address, compliance: module.compliance as Address });
  const token = await regulatedToken(scope, module.tokenId);
  if (rule.rule === "transfer_fees") await assertVerifiedCollector(token, rule.collector);
  return write(scope, module, "compliance.rule.add", call.to, call.data,
    { moduleId: module.id, tokenId: token.id, token: token.address, compliance: module.compliance as Address, rule }, request);
}

/** What binding needs, read before anything is recorded: the writes (a preparation when needed, then addModule). */
async function checkBinding(scope: Scope, id: string, body: { token_id: string; preset_completed?: boolean }) {
  const module = requireProxy(await findModule(scope, id), "bind_token");
  const token = await regulatedToken(scope, body.token_id);
  if (module.status !== "deployed") throw notDeployed("module_not_deployed", "Module", module);
  if (module.bound) {
    throw invalidRequest("module_already_bound", `Module '${id}' is in the compliance of token '${module.tokenId}'; unbind it first (POST …/unbind_token).`, "id");
  }
  if (token.network !== module.network) throw invalidRequest("parameter_invalid", `Invalid token_id: the module is on ${module.network}, the token on ${token.network}`, "token_id");
  if (body.preset_completed !== undefined && module.kind !== "MaxBalanceModule") {
    throw invalidRequest("parameter_invalid", `Invalid preset_completed: only for a MaxBalanceModule ('${id}' is a ${module.kind})`, "preset_completed");
  }
  await assertCanBind(token, module.kind, body.preset_completed === true);
  const effect: ModuleEffect = { moduleId: module.id, tokenId: token.id, token: token.address, compliance: token.suite.compliance };
  const add = writeOf(scope, module, "compliance.module.add", token.suite.compliance,
    encodeFunctionData({ abi: complianceAbi(), functionName: "addModule", args: [module.address] }), effect, body);
  // A TransferFeesModule collects with forcedTransfer: it binds only as an agent of the token (canComplianceBind).
  const needsAgent = module.kind === "TransferFeesModule" && !(await readToken<boolean>(token, "isAgent", [module.address], { abi: artifact("Token").abi }));
  const prepare = needsAgent
    ? writeOf(scope, module, "compliance.module.prepare", token.address, encodeFunctionData({ abi: artifact("Token").abi, functionName: "addAgent", args: [module.address] }), effect, body)
    : body.preset_completed
      ? writeOf(scope, module, "compliance.module.prepare", module.address, encodeFunctionData({ abi: moduleAbi(module.kind), functionName: "presetCompleted", args: [token.suite.compliance] }), effect, body)
      : null;
  return { add, prepare };
}

/** addModule (after its preparation, if any): answers addModule's record, also to a request run again. */
export function bindToken(scope: Scope, id: string, body: { token_id: string; preset_completed?: boolean }) {
  return writeOnce({
    check: () => checkBinding(scope, id, body),
    async record(tx, { add, prepare }) {
      // In nonce order, the preparation first. addModule, the answer, takes the claim's first reference anyway:
      // a route answering a Transaction answers, on resume, the record of that reference (lib/api/handler).
      const mark = claimMark();
      if (prepare && mark) setClaimWrites(mark.writes + 1);
      if (prepare) await tx.record(prepare);
      if (prepare && mark) setClaimWrites(mark.writes);
      const added = await tx.record(add);
      if (prepare && mark) setClaimWrites(mark.writes + 2);
      return serializeTransaction(added);
    },
    find: async (writes) => serializeTransaction(writes.find((w) => w.kind === "compliance.module.add")!),
  });
}

async function removal(scope: Scope, id: string, operation: string, tokenId: string | undefined, lifecycle: boolean, request: Record<string, unknown>) {
  const module = requireBound(await findModule(scope, id), operation);
  if (tokenId !== undefined && tokenId !== module.tokenId) {
    await regulatedToken(scope, tokenId); // another tenant's or an unknown token is 404, not a hint that it exists
    throw invalidRequest("module_not_bound", `Module '${id}' is not bound to token '${tokenId}' (it is in the compliance of '${module.tokenId}').`, "token_id");
  }
  const token = await regulatedToken(scope, module.tokenId);
  const data = encodeFunctionData({ abi: complianceAbi(), functionName: "removeModule", args: [module.address] });
  return write(scope, module, "compliance.module.remove", module.compliance as Address, data,
    { moduleId: module.id, tokenId: token.id, token: token.address, compliance: module.compliance as Address, lifecycle }, request);
}

export const unbindToken = (scope: Scope, id: string, body: { token_id?: string }) => removal(scope, id, "unbind_token", body.token_id, false, body);

export const removeModule = (scope: Scope, id: string, body: Record<string, unknown>) => removal(scope, id, "DELETE …/module", undefined, true, body);
