// The compliance module record: its one serialisation, and the tenant-scoped lookup every module
// endpoint starts from (another tenant's or the other mode's id is 404).
import type { Address } from "viem";
import { hotQuery } from "@/lib/db";
import { selectList } from "@/lib/db/columns";
import { invalidRequest, notDeployed, notFound } from "@/lib/core/errors";
import { unixSeconds } from "@/lib/core/ids";
import type { ComplianceModule } from "@/lib/generated/prisma/client";
import type { Scope } from "@/lib/core/scope";
import type { ModuleKind } from "@/lib/schemas/compliance";

// created_at/updated_at are timestamptz: pg reads them back as Date objects as they are.
export const MODULE_COLUMNS = selectList([
  "id", "tenantId", "livemode", "kind", "network", "onChain", "status", "address", "implementation", "tokenId", "compliance",
  "bound", "params", "deployTxId", "failureReason", "createdAt", "updatedAt",
]);

export function serializeModule(m: ComplianceModule) {
  return {
    object: "compliance_module" as const,
    id: m.id,
    kind: m.kind as ModuleKind,
    on_chain: m.onChain,
    status: m.status as "configured" | "deploying" | "deployed" | "failed" | "removed",
    network: m.network,
    address: m.address,
    implementation: m.implementation,
    token: m.tokenId,
    compliance: m.compliance,
    bound: m.bound,
    params: (m.params ?? {}) as Record<string, unknown>,
    deploy_tx: m.deployTxId,
    failure_reason: m.failureReason,
    livemode: m.livemode,
    created: unixSeconds(m.createdAt),
  };
}

const findSql = `SELECT ${MODULE_COLUMNS} FROM compliance_modules WHERE id = $1 AND tenant_id = $2 AND livemode = $3`;

export async function findModule(scope: Scope, id: string): Promise<ComplianceModule> {
  const { rows } = await hotQuery("find_compliance_module", findSql, [id, scope.tenantId, scope.livemode]);
  if (!rows.length) throw notFound("compliance module", id);
  return rows[0] as ComplianceModule;
}

export type LiveModule = ComplianceModule & { kind: ModuleKind; network: string; address: Address };
export type BoundModule = LiveModule & { compliance: Address; tokenId: string };

/** A module with its proxy on chain (400 for a configuration-only module, or one not created yet). */
export function requireProxy(module: ComplianceModule, operation: string): LiveModule {
  if (!module.onChain) {
    throw invalidRequest("module_not_on_chain", `${operation} needs a module with an on-chain proxy; '${module.id}' is configuration-only.`, "id");
  }
  if (module.status === "removed") throw invalidRequest("module_removed", `Module '${module.id}' was removed from its compliance.`, "id");
  if (!module.address || !module.network) throw notDeployed("module_not_deployed", "Module", module);
  return module as LiveModule;
}

/** A module currently in a token's compliance (configuration calls go through that compliance). */
export function requireBound(module: ComplianceModule, operation: string): BoundModule {
  const live = requireProxy(module, operation);
  if (live.status !== "deployed") throw notDeployed("module_not_deployed", "Module", module);
  if (!live.bound || !live.compliance || !live.tokenId) {
    throw invalidRequest("module_not_bound", `${operation} needs the module in a token's compliance; bind it first (POST …/bind_token).`, "id");
  }
  return live as BoundModule;
}

export function requireKind(module: ComplianceModule, kinds: readonly ModuleKind[], operation: string) {
  if (!kinds.includes(module.kind as ModuleKind)) {
    throw invalidRequest("module_kind_mismatch", `${operation} applies to ${kinds.join(" or ")}; '${module.id}' is a ${module.kind}.`, "id");
  }
}
