// GET /metrics: closed (404) unless METRICS_TOKEN is set, 401 without it as the bearer token. The answer
// is this instance's counters and histograms plus gauges read now from the database (shared state, the
// same whichever instance is scraped) and, for the nonce gap, from the chain.
import { timingSafeEqual } from "node:crypto";
import { Gauge, Registry } from "prom-client";
import { db } from "@/lib/db";
import { chainTarget, publicClient } from "@/lib/chain/network/clients";
import { instruments } from "./metrics";

interface WalletRow {
  network: string;
  wallet: string;
  queued: number;
  in_flight: number;
  oldest_unsent_seconds: number | null;
  oldest_unconfirmed_seconds: number | null;
  replacements: number;
  stuck_fee_cap: number;
  next_nonce: number | null;
}

// Open writes per network and sending wallet. created_at/submitted_at are UTC `timestamp`s.
const walletSql = `
  SELECT t.network, t.from_address AS wallet,
    count(*) FILTER (WHERE t.status = 'pending')::int AS queued,
    count(*) FILTER (WHERE t.status = 'submitted')::int AS in_flight,
    EXTRACT(EPOCH FROM (now() AT TIME ZONE 'UTC') - min(t.created_at) FILTER (WHERE t.status = 'pending'))::float8 AS oldest_unsent_seconds,
    EXTRACT(EPOCH FROM (now() AT TIME ZONE 'UTC') - min(t.submitted_at) FILTER (WHERE t.status = 'submitted'))::float8 AS oldest_unconfirmed_seconds,
    COALESCE(sum(GREATEST(cardinality(t.hashes) - 1, 0)), 0)::int AS replacements,
    count(*) FILTER (WHERE t.fee_cap_reached_at IS NOT NULL)::int AS stuck_fee_cap,
    max(n.next_nonce) AS next_nonce
  FROM transactions t LEFT JOIN wallet_nonces n ON n.address = t.from_address AND n.chain_key = t.chain_key
  WHERE t.status IN ('pending', 'submitted')
  GROUP BY t.network, t.from_address`;

const CHAIN_TIMEOUT_MS = 2_000;

/** Our next nonce minus the chain's pending nonce; null when the chain does not answer in time. */
async function nonceGap(row: WalletRow): Promise<number | null> {
  if (row.next_nonce === null) return null;
  try {
    chainTarget(row.network);
    const onChain = await Promise.race([
      publicClient(row.network).getTransactionCount({ address: row.wallet as `0x${string}`, blockTag: "pending" }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), CHAIN_TIMEOUT_MS).unref()),
    ]);
    return row.next_nonce - onChain;
  } catch {
    return null;
  }
}

async function sharedState(): Promise<Registry> {
  const registry = new Registry();
  const registers = [registry];
  const labelNames = ["network", "wallet"] as const;
  const gauge = (name: string, help: string) => new Gauge({ name: `token_platform_${name}`, help, labelNames, registers });
  const queued = gauge("chain_write_queue_depth", "Writes recorded and not yet sent.");
  const inFlight = gauge("chain_write_in_flight", "Writes sent and not yet confirmed.");
  const oldestUnsent = gauge("chain_write_oldest_unsent_seconds", "Age of the oldest write not yet sent.");
  const oldestUnconfirmed = gauge("chain_write_oldest_unconfirmed_seconds", "Time since the oldest unconfirmed write was sent.");
  const replacements = gauge("chain_write_replacements", "Fee-bump replacements of the open writes.");
  const gap = gauge("chain_write_nonce_gap", "Our next nonce minus the chain's pending nonce (0: everything assigned is at the node).");
  const stuck = new Gauge({ name: "token_platform_chain_write_stuck", help: "Open writes stuck, by reason (fee_cap: at the network's fee cap).", labelNames: [...labelNames, "reason"], registers });
  const rows = await db.$queryRawUnsafe<WalletRow[]>(walletSql);
  const gaps = await Promise.all(rows.map(nonceGap));
  rows.forEach((row, i) => {
    const labels = { network: row.network, wallet: row.wallet };
    queued.set(labels, row.queued);
    inFlight.set(labels, row.in_flight);
    if (row.oldest_unsent_seconds !== null) oldestUnsent.set(labels, row.oldest_unsent_seconds);
    if (row.oldest_unconfirmed_seconds !== null) oldestUnconfirmed.set(labels, row.oldest_unconfirmed_seconds);
    replacements.set(labels, row.replacements);
    stuck.set({ ...labels, reason: "fee_cap" }, row.stuck_fee_cap);
    if (gaps[i] !== null) gap.set(labels, gaps[i]);
  });
  return registry;
}

function authorized(request: Request, token: string): boolean {
  const sent = Buffer.from(request.headers.get("authorization")?.replace(/^Bearer /i, "") ?? "");
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

export async function metricsResponse(request: Request): Promise<Response> {
  const token = process.env.METRICS_TOKEN;
  if (!token) return new Response("Not found\n", { status: 404 });
  if (!authorized(request, token)) return new Response("Unauthorized\n", { status: 401, headers: { "www-authenticate": "Bearer" } });
  const merged = Registry.merge([instruments().registry, await sharedState()]);
  return new Response(await merged.metrics(), { headers: { "content-type": merged.contentType } });
}
