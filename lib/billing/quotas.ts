// The plan's quotas, enforced where the use is created, before any chain call and before anything is recorded:
// chain writes and deployed contracts at the chain path's intake (an intake guard registered by lib/composition),
// relayed user operations in lib/connect, webhook endpoints at their creation, API calls in the statement that
// checks the API key (lib/api/credentials + ./api-calls). Exceeding one answers 402 `quota_exceeded`.
//
// Nothing is cached: every check reads the subscription, so an activation (card, crypto, admin) lifts a quota on
// the very next request of every instance. A downgrade keeps what exists and refuses only new uses beyond it.
// Checks read committed records: deployments are admitted one by one per tenant (chainWriteGuard), other uses racing
// at the boundary may pass together (at most those in flight).
//
// BILLING_QUOTAS=off turns enforcement off (usage is still counted and shown): for the test suite, which creates
// many contracts per tenant, and for benchmarks. Unset, quotas are enforced.
import { ApiError } from "@/lib/api/errors";
import { pool, type Queryable } from "@/lib/db";
import type { ChainWrite } from "@/lib/chain/operations";
import { PLANS, type Plan, type PlanLimits } from "./plans";
import { currentPlan, type CurrentPlan } from "./subscriptions";
import { chainWrites, deployedContracts, webhookEndpoints, type Metric } from "./usage";

export const quotasEnforced = () => process.env.BILLING_QUOTAS !== "off";

const WHAT: Record<Metric, { noun: string; perMonth: boolean }> = {
  api_calls: { noun: "API calls", perMonth: true },
  chain_writes: { noun: "chain writes", perMonth: true },
  deployed_contracts: { noun: "deployed contracts", perMonth: false },
  webhook_endpoints: { noun: "webhook endpoints", perMonth: false },
};

/** The next plan up that allows more of `metric`, for the message. */
function upgradeFor(plan: Plan, limit: keyof PlanLimits) {
  const current = plan.limits[limit];
  return Object.values(PLANS).find((p) => !p.contact_sales && p.id !== plan.id && (p.limits[limit] === null || (current !== null && p.limits[limit]! > current)));
}

/** The one error of an exceeded quota: it names the limit, the use and the way up. */
export function quotaExceeded(metric: Metric, plan: CurrentPlan, limitName: keyof PlanLimits, used: number): ApiError {
  const limit = plan.plan.limits[limitName];
  const what = WHAT[metric];
  const period = what.perMonth ? ` per period (this one ends ${plan.periodEnd.toISOString()})` : "";
  const next = upgradeFor(plan.plan, limitName);
  const way = next
    ? `Upgrade to ${next.name} (${next.limits[limitName] ?? "unlimited"} ${what.noun}${what.perMonth ? " a month" : ""}) with POST /v1/billing/checkout (card) or POST /v1/billing/crypto_checkout, or contact sales for Enterprise.`
    : "Contact sales for Enterprise limits.";
  const reduce = what.perMonth ? "" : " Remove some to make room, or upgrade.";
  return new ApiError(
    402,
    "invalid_request_error",
    "quota_exceeded",
    `Quota exceeded: the ${plan.plan.name} plan allows ${limit} ${what.noun}${period}, and ${used} are used.${reduce} ${way}`,
  );
}

/** The kinds of chain write that deploy a contract counted in `deployed_contracts` (a governance instance counts once: its timelock). */
export const DEPLOY_KINDS = new Set<string>([
  "token.deploy", "token.deploy_suite", "compliance.module.deploy", "vault.deploy", "vesting.deploy", "governance.deploy_timelock",
  "multisig.deploy", "vrf.deploy", "price_feed.deploy_consumer",
]);

async function enforce(tenantId: string, metric: Metric, limitName: keyof PlanLimits, count: (plan: CurrentPlan) => Promise<number>, known?: CurrentPlan) {
  const plan = known ?? (await currentPlan(tenantId));
  const limit = plan.plan.limits[limitName];
  if (limit === null) return;
  const used = await count(plan);
  if (used >= limit) throw quotaExceeded(metric, plan, limitName, used);
}

/** 402 unless one more chain write fits the tenant's plan. */
export async function assertChainWriteQuota(tenantId: string, known?: CurrentPlan) {
  if (!quotasEnforced()) return;
  await enforce(tenantId, "chain_writes", "chain_writes_per_month", (plan) => chainWrites(tenantId, plan.periodStart), known);
}

/**
 * The intake guard (lib/chain registerIntakeGuard): chain writes, and deployed contracts for a deployment.
 * A deployment is recorded in its domain's transaction (`client`), as that transaction's first statement: there the
 * tenant's deployments take a transaction-scoped advisory lock before counting, so concurrent deployments at the
 * limit are admitted one by one (each counts the ones committed before it) and exactly the limit pass.
 */
export async function chainWriteGuard(write: ChainWrite, client?: Queryable) {
  if (!quotasEnforced()) return;
  const plan = await currentPlan(write.tenantId);
  const deployment = DEPLOY_KINDS.has(write.kind);
  const locked = deployment && client && plan.plan.limits.deployed_contracts !== null;
  if (locked) await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`billing-deployments:${write.tenantId}`]);
  const reader = locked ? client : pool;
  await enforce(write.tenantId, "chain_writes", "chain_writes_per_month", (p) => chainWrites(write.tenantId, p.periodStart, reader), plan);
  if (deployment) await enforce(write.tenantId, "deployed_contracts", "deployed_contracts", () => deployedContracts(write.tenantId, reader), plan);
}

/** 402 unless one more webhook endpoint fits the tenant's plan. */
export async function assertWebhookEndpointQuota(tenantId: string) {
  if (!quotasEnforced()) return;
  await enforce(tenantId, "webhook_endpoints", "webhook_endpoints", () => webhookEndpoints(tenantId));
}
