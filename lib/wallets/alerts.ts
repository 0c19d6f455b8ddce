// wallet.low_balance (an addition to the spec's events): a sending wallet's runway on a chain fell below its
// tenant's threshold. Fired once per fall: the wallet's alert row goes from not low to low in the statement
// that records the event (so two instances checking at once emit it once), and is re-armed only when a
// later check finds the runway at or above the threshold again (a top-up, or a calmer day).
import type { Scope } from "@/lib/core/scope";
import { db, hotQuery, transaction, type Queryable } from "@/lib/db";
import { chainTarget } from "@/lib/chain/network/clients";
import { emitAll } from "@/lib/webhooks/emit";
import { nudgeOutbox } from "@/lib/webhooks/outbox";
import { balanceOn, DEFAULT_RUNWAY_DAYS, runwayDays, runwayThreshold, SPEND_24H_SQL } from "./runway";

export async function getWalletAlertSettings(scope: Scope) {
  return { object: "wallet_alert_settings" as const, low_balance_runway_days: await runwayThreshold(scope), livemode: scope.livemode };
}

export async function setWalletAlertSettings(scope: Scope, input: { low_balance_runway_days: number | null }) {
  const key = { tenantId: scope.tenantId, livemode: scope.livemode };
  await db.walletAlertSettings.upsert({
    where: { tenantId_livemode: key },
    create: { ...key, lowBalanceRunwayDays: input.low_balance_runway_days },
    update: { lowBalanceRunwayDays: input.low_balance_runway_days },
  });
  return getWalletAlertSettings(scope);
}

// Every tenant wallet that spent in the last 24 h, with its tenant's threshold (3 days when never set).
const candidatesSql = `SELECT s.*, CASE WHEN w.tenant_id IS NULL THEN ${DEFAULT_RUNWAY_DAYS} ELSE w.low_balance_runway_days END AS threshold
  FROM (${SPEND_24H_SQL} AND EXISTS (SELECT 1 FROM wallets o WHERE o.address = t.from_address AND o.tenant_id = t.tenant_id AND o.livemode = t.livemode)
    GROUP BY 1, 2, 3, 4) s
  LEFT JOIN wallet_alert_settings w ON w.tenant_id = s.tenant_id AND w.livemode = s.livemode`;

const fallSql = `INSERT INTO wallet_runway_alerts (tenant_id, livemode, address, chain_key, low, changed_at) VALUES ($1, $2, $3, $4, true, now() AT TIME ZONE 'UTC')
  ON CONFLICT (tenant_id, livemode, address, chain_key) DO UPDATE SET low = true, changed_at = EXCLUDED.changed_at WHERE NOT wallet_runway_alerts.low
  RETURNING 1`;
const rearmSql = `UPDATE wallet_runway_alerts SET low = false, changed_at = now() AT TIME ZONE 'UTC'
  WHERE tenant_id = $1 AND livemode = $2 AND address = $3 AND chain_key = $4 AND low`;

interface Candidate {
  tenant_id: string;
  livemode: boolean;
  from_address: string;
  chain_key: string;
  network: string;
  spend: string;
  threshold: number | null;
}

/** Looks at every wallet that spent in the last 24 h; returns how many wallet.low_balance events it recorded. */
export async function checkWalletRunways(): Promise<number> {
  const { rows } = await hotQuery<Candidate>("wallet_runway_candidates", candidatesSql, []);
  let fired = 0;
  for (const c of rows) {
    if (c.threshold === null) continue; // the tenant turned the alert off
    try {
      if (chainTarget(c.network).chainKey !== c.chain_key) continue; // another node serves it here
    } catch {
      continue; // no RPC for it in this process
    }
    const balance = await balanceOn(c.network, c.from_address);
    const days = runwayDays(balance, BigInt(c.spend));
    if (days === null) continue;
    const key = [c.tenant_id, c.livemode, c.from_address, c.chain_key];
    if (days >= c.threshold) {
      await hotQuery("wallet_runway_rearm", rearmSql, key);
      continue;
    }
    const object = {
      object: "wallet_runway" as const, address: c.from_address, network: c.network, balance: balance!.toString(), spend_24h: c.spend,
      runway_days: days, low_balance_runway_days: c.threshold, livemode: c.livemode,
    };
    const pending = await transaction(async (client: Queryable) => {
      const { rowCount } = await client.query(fallSql, key);
      return rowCount ? emitAll(c.tenant_id, [{ type: "wallet.low_balance", object }], client).then((p) => (fired++, p)) : false;
    });
    if (pending) nudgeOutbox();
  }
  return fired;
}
