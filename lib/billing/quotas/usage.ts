// Usage of the current period, computed from our own records (GET /v1/billing/usage and the quotas):
// - API calls: the per-period counter row the API-key check increments (billing_api_calls, lib/api/credentials);
// - chain writes: the per-window counter the intake increments (billing_chain_writes: every kind, every submitter,
//   whatever became of them, plus the user operations relayed through the bundler that carry no transaction record);
// - deployed contracts: what the tenant deployed and did not fail, whenever it was deployed (a level, not a flow):
//   tokens, compliance modules, vaults, vesting wallets, governance instances, multisigs, VRF and price-feed consumers;
// - webhook endpoints: the endpoints that exist.
// Writes and contracts on a network served by the embedded local chain (no RPC_URL_<NETWORK>) cost nothing and
// count toward no quota: they are shown apart (`local`). Test and live mode both count: the plan belongs to the tenant, and a test-mode write costs the platform a
// real transaction and bundler work all the same.
// Counters are keyed by the monthly window's start, so a read is one row whatever the history.
import { encodeTime } from "ulid";
import { db, pool, type Queryable } from "@/lib/db";
import { configuredRpcUrl, listNetworks } from "@/lib/chain/network/networks";
import type { PlanLimits } from "@/lib/billing/plans";
import { currentPlan, type CurrentPlan } from "@/lib/billing/subscriptions";

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

/** The networks the embedded local chain serves now (no RPC_URL_<NETWORK>): their writes are free of quotas. */
export const locallyServedNetworks = () => listNetworks().filter((n) => !configuredRpcUrl(n)).map((n) => n.name);
export const servedLocally = (network: string) => locallyServedNetworks().includes(network);

export interface Counted {
  /** What counts toward the plan's quota. */
  n: number;
  /** On the embedded local chain: shown, not counted. */
  local: number;
}

/** The window's chain writes: one row of the counter the intake increments (./quotas chainWriteGuard). */
export async function chainWrites(tenantId: string, windowStart: Date): Promise<Counted> {
  const row = await db.billingChainWrites.findUnique({ where: { tenantId_periodStart: { tenantId, periodStart: windowStart } } });
  return { n: row?.writes ?? 0, local: row?.localWrites ?? 0 };
}

/** The tables of deployed contracts (one row per deployment the tenant asked for). */
export const DEPLOYED_CONTRACT_TABLES = [
  "tokens", "compliance_modules", "vaults", "vesting_schedules", "governance_instances", "multisigs", "vrf_consumers", "price_feed_consumers",
] as const;

const deployedOn = (where: string) => DEPLOYED_CONTRACT_TABLES.map((t) => `(SELECT count(*) FROM ${t} WHERE tenant_id = $1 AND status <> 'failed' AND ${where})`).join(" + ");
const deployedSql = `SELECT ${deployedOn("network <> ALL($2::text[])")} AS n, ${deployedOn("network = ANY($2::text[])")} AS local`;

export async function deployedContracts(tenantId: string, client: Queryable = pool): Promise<Counted> {
  const { rows } = await client.query(deployedSql, [tenantId, locallyServedNetworks()]);
  return { n: Number(rows[0].n), local: Number(rows[0].local) };
}

export const webhookEndpoints = (tenantId: string) => db.webhookEndpoint.count({ where: { tenantId } });

export async function apiCalls(tenantId: string, periodStart: Date): Promise<number> {
  const row = await db.billingApiCalls.findUnique({ where: { tenantId_periodStart: { tenantId, periodStart } } });
  return row?.calls ?? 0;
}

export async function usageOf(tenantId: string, plan?: CurrentPlan) {
  const current = plan ?? (await currentPlan(tenantId));
  const [api, writes, deployed, endpoints] = await Promise.all([
    apiCalls(tenantId, current.windowStart),
    chainWrites(tenantId, current.windowStart),
    deployedContracts(tenantId),
    webhookEndpoints(tenantId),
  ]);
  const used: Record<Metric, number> = { api_calls: api, chain_writes: writes.n, deployed_contracts: deployed.n, webhook_endpoints: endpoints };
  const local = { chain_writes: writes.local, deployed_contracts: deployed.local };
  return { plan: current, used, local };
}
