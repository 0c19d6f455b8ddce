// Health at a glance (the console's home): per network, the writes waiting and the oldest one's age; the
// records stuck, with their reason and the fix; the failing webhook endpoints; the wallets low on gas; and
// the last 24 h by hour (confirmation latency, webhook deliveries by outcome); and the networks of the tenant's
// mode that are degraded or down here (lib/chain/network/status). All of the tenant's mode.
import { hotQuery } from "@/lib/db";
import type { Scope } from "@/lib/core/scope";
import { unixSeconds } from "@/lib/core/ids";
import { walletRunways } from "@/lib/wallets/runway";
import { listNetworks } from "@/lib/chain/network/networks";
import { networkHealth } from "@/lib/chain/network/status";

const UNSENT_LONG_S = 5 * 60;
const UNMINED_LONG_S = 15 * 60;
const HOURS = 24;

export interface StuckRecord {
  id: string;
  kind: string;
  network: string;
  waiting_seconds: number;
  reason: "fee_cap" | "awaiting_signature" | "not_sent" | "not_mined";
  fix: string;
}

function stuckReason(r: Record<string, unknown>, ageS: number): Pick<StuckRecord, "reason" | "fix"> {
  if (r.fee_cap) {
    return { reason: "fee_cap", fix: "The network asks more than this network's fee cap allows: it goes out by itself when fees fall, or cancel it from its page." };
  }
  if (r.submitter === "user_operation" && r.status === "pending") {
    return { reason: "awaiting_signature", fix: "The owner of the smart account has not signed this user operation yet: it goes out once they sign it in your app." };
  }
  if (r.status === "pending") {
    return { reason: "not_sent", fix: `Not sent for ${Math.round(ageS / 60)} min: check the wallet's gas below; if it has gas, your platform operator should check the job runner.` };
  }
  return { reason: "not_mined", fix: "Sent and not mined yet: its fee is raised by itself up to the cap. Check the network's status, or cancel it from its page." };
}

const waitingSql = `SELECT network, count(*) FILTER (WHERE status = 'pending')::int AS unsent, count(*) FILTER (WHERE status = 'submitted')::int AS unconfirmed,
    extract(epoch FROM (now() AT TIME ZONE 'UTC') - min(created_at))::int AS oldest_seconds
  FROM transactions WHERE tenant_id = $1 AND livemode = $2 AND status IN ('pending', 'submitted') GROUP BY network ORDER BY network`;

const stuckSql = `SELECT id, kind, network, status, submitter, fee_cap_reached_at IS NOT NULL AS fee_cap,
    extract(epoch FROM (now() AT TIME ZONE 'UTC') - created_at)::int AS age
  FROM transactions WHERE tenant_id = $1 AND livemode = $2 AND status IN ('pending', 'submitted')
    AND (fee_cap_reached_at IS NOT NULL OR (status = 'pending' AND created_at < (now() AT TIME ZONE 'UTC') - make_interval(secs => $3))
      OR (status = 'submitted' AND submitted_at < (now() AT TIME ZONE 'UTC') - make_interval(secs => $4)))
  ORDER BY created_at LIMIT 10`;

// An endpoint is failing from its first failed attempt after a success (failing_since) until one succeeds, or disabled.
const failingSql = `SELECT e.id, e.url, e.status, e.disabled_reason, e.failing_since,
    (SELECT d.last_error FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.last_error IS NOT NULL ORDER BY d.last_attempt_at DESC NULLS LAST LIMIT 1) AS last_error
  FROM webhook_endpoints e WHERE e.tenant_id = $1 AND e.livemode = $2 AND (e.status = 'disabled' OR e.failing_since IS NOT NULL)
  ORDER BY e.failing_since NULLS LAST LIMIT 10`;

const latencySql = `SELECT to_char(date_trunc('hour', confirmed_at), 'YYYY-MM-DD"T"HH24:00"Z"') AS hour, count(*)::int AS n,
    percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM confirmed_at - created_at)) AS p50,
    percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM confirmed_at - created_at)) AS p95
  FROM transactions WHERE tenant_id = $1 AND livemode = $2 AND status = 'confirmed' AND confirmed_at > (now() AT TIME ZONE 'UTC') - interval '${HOURS} hours'
  GROUP BY 1`;

const deliveriesSql = `SELECT to_char(date_trunc('hour', d.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24:00"Z"') AS hour, d.status, count(*)::int AS n
  FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
  WHERE d.tenant_id = $1 AND e.livemode = $2 AND d.created_at > now() - interval '${HOURS} hours'
  GROUP BY 1, 2`;

/** The last 24 whole hours and the current one, oldest first, as the queries label them. */
function lastHours(now = Date.now()): string[] {
  const hour = Math.floor(now / 3_600_000) * 3_600_000;
  return Array.from({ length: HOURS + 1 }, (_, i) => new Date(hour - (HOURS - i) * 3_600_000).toISOString().slice(0, 13) + ":00Z");
}

/** The networks where the wallet is low, one entry per chain (networks one node serves share balance and spend). */
function lowWallets(wallet: Awaited<ReturnType<typeof walletRunways>>) {
  const byChain = new Map<string, (typeof wallet.networks)[number] & { networks: string[]; address: string }>();
  for (const n of wallet.networks.filter((x) => x.low_balance)) {
    const key = `${n.balance}:${n.spend_24h}:${n.currency}`;
    const seen = byChain.get(key);
    if (seen) seen.networks.push(n.display_name);
    else byChain.set(key, { ...n, networks: [n.display_name], address: wallet.address });
  }
  return [...byChain.values()];
}

/** The tenant's mode's networks that are degraded or down, one notice per status and reason (networks one node serves share them). */
async function networkNotices(livemode: boolean) {
  const networks = listNetworks().filter((n) => n.testnet !== livemode);
  const health = await networkHealth(networks);
  const notices = new Map<string, { status: "degraded" | "down"; reason: string; networks: string[] }>();
  for (const n of networks) {
    const h = health.get(n.name)!;
    if (h.status !== "degraded" && h.status !== "down") continue;
    const key = `${h.status}:${h.status_reason}`;
    const seen = notices.get(key);
    if (seen) seen.networks.push(n.displayName);
    else notices.set(key, { status: h.status, reason: h.status_reason ?? "", networks: [n.displayName] });
  }
  return [...notices.values()];
}

export async function healthAtAGlance(scope: Scope) {
  const values = [scope.tenantId, scope.livemode];
  const [waiting, stuck, failing, latency, deliveries, wallet, networks] = await Promise.all([
    hotQuery("health_waiting", waitingSql, values),
    hotQuery("health_stuck", stuckSql, [...values, UNSENT_LONG_S, UNMINED_LONG_S]),
    hotQuery("health_failing_endpoints", failingSql, values),
    hotQuery("health_latency", latencySql, values),
    hotQuery("health_deliveries", deliveriesSql, values),
    walletRunways(scope),
    networkNotices(scope.livemode),
  ]);
  const hours = lastHours();
  const latencyByHour = new Map(latency.rows.map((r) => [r.hour as string, r]));
  const outcomes = [...new Set(deliveries.rows.map((r) => r.status as string))].sort();
  return {
    waiting: waiting.rows as { network: string; unsent: number; unconfirmed: number; oldest_seconds: number }[],
    stuck: stuck.rows.map((r): StuckRecord => ({ id: r.id, kind: r.kind, network: r.network, waiting_seconds: r.age, ...stuckReason(r, r.age) })),
    failingEndpoints: failing.rows.map((r) => ({
      id: r.id as string, url: r.url as string, disabled: r.status === "disabled", disabled_reason: r.disabled_reason as string | null,
      failing_since: r.failing_since ? unixSeconds(r.failing_since) : null, last_error: r.last_error as string | null,
    })),
    lowWallets: lowWallets(wallet),
    networks,
    runwayThreshold: wallet.low_balance_runway_days,
    latency: hours.map((hour) => {
      const r = latencyByHour.get(hour);
      return { hour, confirmed: r?.n ?? 0, p50: r ? Number(r.p50) : null, p95: r ? Number(r.p95) : null };
    }),
    deliveries: {
      outcomes,
      series: hours.map((hour) => ({ hour, by_outcome: Object.fromEntries(deliveries.rows.filter((r) => r.hour === hour).map((r) => [r.status, r.n])) as Record<string, number> })),
    },
  };
}

export type Health = Awaited<ReturnType<typeof healthAtAGlance>>;
