// Usage of the current period, computed from our own records (GET /v1/billing/usage and the quotas):
// - API calls: the per-period counter row the API-key check increments (billing_api_calls, lib/api/credentials);
// - chain writes: the tenant's transaction records created in the period (every kind, every submitter, whatever
//   became of them), plus the user operations relayed through the bundler that carry no transaction record;
// - deployed contracts: what the tenant deployed and did not fail, whenever it was deployed (a level, not a flow):
//   tokens, compliance modules, vaults, vesting wallets, governance instances, multisigs, VRF and price-feed consumers;
// - webhook endpoints: the endpoints that exist.
// Test and live mode both count: the plan belongs to the tenant, and a test-mode write costs the platform a
// real transaction and bundler work all the same.
// Each figure is one indexed count bounded by the period's start, so a read is cheap and exact at a boundary:
// a record belongs to the period its creation time falls in (ids are time-sortable: tx_<ulid>).
import { encodeTime } from "ulid";
import { db, pool, type Queryable } from "@/lib/db";
import type { PlanLimits } from "./plans";
import { currentPlan, type CurrentPlan } from "./subscriptions";

export type Metric = "api_calls" | "chain_writes" | "deployed_contracts" | "webhook_endpoints";
export const METRICS: Metric[] = ["api_calls", "chain_writes", "deployed_contracts", "webhook_endpoints"];

/** The limit of each metric in PlanLimits. */
export const LIMIT_OF: Record<Metric, keyof PlanLimits> = {
  api_calls: "api_calls_per_month",
  chain_writes: "chain_writes_per_month",
  deployed_contracts: "deployed_contracts",
  webhook_endpoints: "webhook_endpoints",
};

/** The smallest id of the prefix created at or after `at`. */
export const idFloor = (prefix: string, at: Date) => `${prefix}_${encodeTime(at.getTime(), 10).toLowerCase()}`;

// Both modes: two range scans of the (tenant_id, livemode, id) index, no table access.
const chainWritesSql = `SELECT
  (SELECT count(*) FROM transactions WHERE tenant_id = $1 AND livemode IN (false, true) AND id >= $2)
  + (SELECT count(*) FROM connect_relay_operations WHERE tenant_id = $1 AND created_at >= $3 AND transaction_id IS NULL
       AND status NOT IN ('awaiting_sign', 'cancelled')) AS n`;

export async function chainWrites(tenantId: string, periodStart: Date, client: Queryable = pool): Promise<number> {
  const { rows } = await client.query(chainWritesSql, [tenantId, idFloor("tx", periodStart), periodStart]);
  return Number(rows[0].n);
}

/** The tables of deployed contracts (one row per deployment the tenant asked for). */
export const DEPLOYED_CONTRACT_TABLES = [
  "tokens", "compliance_modules", "vaults", "vesting_schedules", "governance_instances", "multisigs", "vrf_consumers", "price_feed_consumers",
] as const;

const deployedSql = `SELECT ${DEPLOYED_CONTRACT_TABLES.map((t) => `(SELECT count(*) FROM ${t} WHERE tenant_id = $1 AND status <> 'failed')`).join(" + ")} AS n`;

export async function deployedContracts(tenantId: string, client: Queryable = pool): Promise<number> {
  const { rows } = await client.query(deployedSql, [tenantId]);
  return Number(rows[0].n);
}

export const webhookEndpoints = (tenantId: string) => db.webhookEndpoint.count({ where: { tenantId } });

export async function apiCalls(tenantId: string, periodStart: Date): Promise<number> {
  const row = await db.billingApiCalls.findUnique({ where: { tenantId_periodStart: { tenantId, periodStart } } });
  return row?.calls ?? 0;
}

export async function usageOf(tenantId: string, plan?: CurrentPlan) {
  const current = plan ?? (await currentPlan(tenantId));
  const [api, writes, deployed, endpoints] = await Promise.all([
    apiCalls(tenantId, current.periodStart),
    chainWrites(tenantId, current.periodStart),
    deployedContracts(tenantId),
    webhookEndpoints(tenantId),
  ]);
  const used: Record<Metric, number> = { api_calls: api, chain_writes: writes, deployed_contracts: deployed, webhook_endpoints: endpoints };
  return { plan: current, used };
}
