// The plan's quotas, enforced where the use is created, before any chain call and before anything is recorded:
// chain writes and deployed contracts at the chain path's intake (an intake guard registered by lib/composition),
// relayed user operations in lib/connect, webhook endpoints at their creation, API calls in the statement that
// checks the API key (lib/api/credentials + ./api-calls). Exceeding one answers 402 `quota_exceeded`.
//
// Nothing is cached: every check reads the subscription, so an activation (card, crypto, admin) lifts a quota on
// the very next request of every instance. A downgrade keeps what exists and refuses only new uses beyond it.
// Chain writes are counted at intake in one check-and-increment statement (exact at the boundary); deployments are
// admitted one by one per tenant (chainWriteGuard); webhook endpoints racing at the boundary may pass together.
//
// BILLING_QUOTAS=off turns enforcement off (usage is still counted and shown): for the test suite, which creates
// many contracts per tenant, and for benchmarks. Unset, quotas are enforced.
import { ApiError } from "@/lib/core/errors";
import { pool, type Queryable } from "@/lib/db";
import type { ChainWrite } from "@/lib/chain/registry/kinds";
import { PLANS, planOf, type Plan, type PlanLimits } from "@/lib/billing/plans";
import { currentPlan, type CurrentPlan } from "@/lib/billing/subscriptions";
import { periodsCte } from "@/lib/billing/subscriptions";
import { deployedContracts, servedLocally, webhookEndpoints, type Metric } from "@/lib/billing/quotas/usage";

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
  const period = what.perMonth ? ` per month (this month of the plan ends ${plan.windowEnd.toISOString()})` : "";
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

// One chain write more in the tenant's monthly window, checked and counted in one statement: the plan and window
// as the key check decides them (periods CTE), the counter row incremented only while under the plan's limit
// ($5: quotas enforced), so the boundary is exact under concurrency. A write on the local chain ($2) is counted
// apart and always admitted. Returns the plan, the window, and the count after it (null: refused).
const countChainWriteSql = () => `WITH k AS (SELECT $1::text AS tenant_id),
${periodsCte},
lim AS (
  SELECT p.plan, p.period_start, p.period_end, CASE WHEN pl.plan IS NULL THEN $6::int ELSE pl.lim END AS lim
  FROM periods p LEFT JOIN unnest($3::text[], $4::int[]) pl(plan, lim) ON pl.plan = p.plan
),
counted AS (
  INSERT INTO billing_chain_writes AS c (tenant_id, period_start, writes, local_writes, updated_at)
  SELECT $1, period_start, CASE WHEN $2 THEN 0 ELSE 1 END, CASE WHEN $2 THEN 1 ELSE 0 END, now() AT TIME ZONE 'UTC' FROM lim
  ON CONFLICT (tenant_id, period_start) DO UPDATE
    SET writes = c.writes + excluded.writes, local_writes = c.local_writes + excluded.local_writes, updated_at = excluded.updated_at
    WHERE $2 OR NOT $5 OR (SELECT lim FROM lim) IS NULL OR c.writes < (SELECT lim FROM lim)
  RETURNING c.writes
)
SELECT l.plan, l.period_start, l.period_end, l.lim, (SELECT writes FROM counted) AS writes FROM lim l`;

const chainWriteLimits = (): [string[], (number | null)[], number | null] => {
  const plans = Object.values(PLANS) as Plan[];
  return [plans.map((p) => p.id), plans.map((p) => p.limits.chain_writes_per_month), planOf("").limits.chain_writes_per_month];
};

/**
 * Counts one chain write of the tenant on `network` in its monthly window, on `client` (the caller's transaction,
 * so the count rolls back with the write) or the pool; 402 when the window's quota is used up. Local-chain writes
 * are counted apart and never refused. Returns the plan in force (for the deployment check).
 */
export async function countChainWrite(tenantId: string, network: string, client: Queryable = pool): Promise<CurrentPlan> {
  const local = servedLocally(network);
  const { rows } = await client.query(countChainWriteSql(), [tenantId, local, ...chainWriteLimits().slice(0, 2), quotasEnforced(), chainWriteLimits()[2]]);
  const row = rows[0];
  const plan: CurrentPlan = {
    plan: planOf(row.plan), status: "active", source: "", periodStart: new Date(row.period_start), periodEnd: new Date(row.period_end),
    windowStart: new Date(row.period_start), windowEnd: new Date(row.period_end), cancelAtPeriodEnd: false,
  };
  if (row.writes === null) throw quotaExceeded("chain_writes", plan, "chain_writes_per_month", Number(row.lim));
  return plan;
}

/** A relayed or server-built user operation: one chain write of the plan (402 beyond it), counted at its intake. */
export async function assertChainWriteQuota(tenantId: string, network: string) {
  await countChainWrite(tenantId, network);
}

/**
 * The intake guard (lib/chain registerIntakeGuard): counts the chain write (countChainWrite), and for a deployment
 * checks deployed contracts. Every read on the caller's transaction when there is one: a second connection of the
 * pool it holds one of would deadlock N concurrent writes on a pool of N or fewer. A deployment is recorded in its
 * domain's transaction (`client`): there the tenant's deployments take a transaction-scoped advisory lock before
 * counting, so concurrent deployments at the limit are admitted one by one and exactly the limit pass.
 */
export async function chainWriteGuard(write: ChainWrite, client?: Queryable) {
  const reader = client ?? pool;
  const plan = await countChainWrite(write.tenantId, write.network, reader);
  if (!quotasEnforced() || servedLocally(write.network) || !DEPLOY_KINDS.has(write.kind)) return;
  if (plan.plan.limits.deployed_contracts === null) return;
  if (client) await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`billing-deployments:${write.tenantId}`]);
  await enforce(write.tenantId, "deployed_contracts", "deployed_contracts", async () => (await deployedContracts(write.tenantId, reader)).n, plan);
}

/** 402 unless one more webhook endpoint fits the tenant's plan. */
export async function assertWebhookEndpointQuota(tenantId: string) {
  if (!quotasEnforced()) return;
  await enforce(tenantId, "webhook_endpoints", "webhook_endpoints", () => webhookEndpoints(tenantId));
}
