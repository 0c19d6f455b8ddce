// Prometheus metrics (prom-client). Counters and histograms are per instance (Prometheus sums them across
// instances); gauges describing shared state (queues, ages, nonces) are read from the database at scrape
// time by ./scrape, so every instance answers the same. Recording is a few in-memory increments: the
// hooks here are called from the hot paths whether or not anyone scrapes.
import { Counter, Histogram, Registry } from "prom-client";

interface Instruments {
  registry: Registry;
  rpcCalls: Counter<"method">;
  rpcErrors: Counter<"method" | "code">;
  deliveries: Counter<"outcome">;
  deliveryLatency: Histogram<"outcome">;
  serverErrors: Counter<"route" | "status">;
  stage: Histogram<"network" | "stage">;
}

// Stage latencies of a chain write run from a second to hours (a stuck write); deliveries from ms to the 15 s timeout.
const STAGE_BUCKETS = [0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900, 3600];
const DELIVERY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];

function create(): Instruments {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    rpcCalls: new Counter({ name: "token_platform_rpc_calls_total", help: "JSON-RPC calls made, by method (this instance).", labelNames: ["method"], registers }),
    rpcErrors: new Counter({ name: "token_platform_rpc_errors_total", help: "JSON-RPC calls that failed, by method and error code (HTTP status, JSON-RPC code or 'network').", labelNames: ["method", "code"], registers }),
    deliveries: new Counter({ name: "token_platform_webhook_deliveries_total", help: "Webhook delivery attempts, by outcome: success, retryable (429, 5xx, other 4xx, no answer), gone (410).", labelNames: ["outcome"], registers }),
    deliveryLatency: new Histogram({ name: "token_platform_webhook_delivery_seconds", help: "Webhook attempt duration, request sent to response read.", labelNames: ["outcome"], buckets: DELIVERY_BUCKETS, registers }),
    serverErrors: new Counter({ name: "token_platform_http_server_errors_total", help: "API responses with a 5xx status, by route.", labelNames: ["route", "status"], registers }),
    stage: new Histogram({
      name: "token_platform_chain_write_stage_seconds",
      help: "Chain write latency at finalize, from the record's timestamps: request_to_sent, sent_to_confirmed, request_to_confirmed.",
      labelNames: ["network", "stage"], buckets: STAGE_BUCKETS, registers,
    }),
  };
}

// On globalThis: Next.js may load this module more than once, and a second registry would split the counts.
const globalForMetrics = globalThis as unknown as { tokenPlatformMetrics?: Instruments };
export const instruments = (): Instruments => (globalForMetrics.tokenPlatformMetrics ??= create());

export function recordDeliveryOutcome(sent: { ok: boolean; status: number | null; durationMs: number }): void {
  const outcome = sent.ok ? "success" : sent.status === 410 ? "gone" : "retryable";
  const m = instruments();
  m.deliveries.inc({ outcome });
  m.deliveryLatency.observe({ outcome }, sent.durationMs / 1000);
}

export function recordRpc(method: string, errorCode: string | null): void {
  const m = instruments();
  m.rpcCalls.inc({ method });
  if (errorCode !== null) m.rpcErrors.inc({ method, code: errorCode });
}

// Ids, addresses, hashes and numbers in a path become placeholders: one series per route, not per record.
export const routeOf = (path: string) =>
  path
    .split("/")
    .map((s) => (/^0x[0-9a-fA-F]+$/.test(s) ? "{hex}" : /^[a-z]+_[0-9a-z]{10,}$/.test(s) || /^\d+$/.test(s) ? "{id}" : s))
    .join("/");

export function recordResponse(path: string, status: number): void {
  if (status >= 500) instruments().serverErrors.inc({ route: routeOf(path), status: String(status) });
}

interface Finalized {
  network: string;
  status: string;
  createdAt: Date;
  submittedAt: Date | null;
  confirmedAt: Date | null;
}

/** Called with the records finalize moved: their timestamps give the stage latencies of confirmed writes. */
export function observeFinalized(records: Finalized[]): void {
  const { stage } = instruments();
  const seconds = (from: Date, to: Date) => Math.max(0, (to.getTime() - from.getTime()) / 1000);
  for (const r of records) {
    if (r.status !== "confirmed" || !r.confirmedAt) continue;
    if (r.submittedAt) {
      stage.observe({ network: r.network, stage: "request_to_sent" }, seconds(r.createdAt, r.submittedAt));
      stage.observe({ network: r.network, stage: "sent_to_confirmed" }, seconds(r.submittedAt, r.confirmedAt));
    }
    stage.observe({ network: r.network, stage: "request_to_confirmed" }, seconds(r.createdAt, r.confirmedAt));
  }
}
