// The console home's health section (lib/console/health): networks degraded or down here, what waits per network, what is stuck and how to
// fix it, failing webhook endpoints, wallets low on gas, each linked to the page that resolves it; and two
// small SVG charts of the last 24 h (no client JavaScript).
import Link from "next/link";
import { formatEther } from "viem";
import type { Health } from "@/lib/console/health";
import { networkLabel } from "@/lib/console/explorer";
import { DataTable } from "@/components/DataTable";
import { Time } from "@/components/Time";
import { Notice } from "@/components/Notice";

const W = 480;
const H = 140;
const PAD = { left: 36, right: 8, top: 8, bottom: 20 };
const OUTCOME_COLORS: Record<string, string> = { succeeded: "#0a7c4a", failed: "#d6365a", pending: "#6b8afd" };

function age(seconds: number) {
  if (seconds < 90) return `${seconds} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} d`;
}

/** Hour labels every 6 hours along the x axis. */
function HourAxis({ hours, x }: { hours: string[]; x: (i: number) => number }) {
  return (
    <>
      {hours.map((h, i) =>
        i % 6 === 0 ? (
          <text key={h} x={x(i)} y={H - 4} fontSize="10" fill="#5b6478" textAnchor="middle">
            {h.slice(11, 16)}
          </text>
        ) : null,
      )}
    </>
  );
}

function LatencyChart({ series }: { series: Health["latency"] }) {
  const max = Math.max(1, ...series.map((s) => s.p95 ?? 0));
  const step = (W - PAD.left - PAD.right) / Math.max(1, series.length - 1);
  const x = (i: number) => PAD.left + i * step;
  const y = (v: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - v / max);
  const path = (pick: (s: Health["latency"][number]) => number | null) =>
    series.map((s, i) => (pick(s) === null ? null : `${x(i)},${y(pick(s)!)}`)).filter(Boolean).join(" ");
  const total = series.reduce((n, s) => n + s.confirmed, 0);
  return (
    <figure style={{ margin: 0 }} data-testid="latency-chart">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={`Confirmation latency per hour, last 24 h: ${total} confirmed, worst p95 ${age(Math.round(max))}`}>
        <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} stroke="#e3e8ee" />
        <text x={PAD.left - 4} y={y(max) + 4} fontSize="10" fill="#5b6478" textAnchor="end">{age(Math.round(max))}</text>
        <text x={PAD.left - 4} y={y(0)} fontSize="10" fill="#5b6478" textAnchor="end">0</text>
        <polyline points={path((s) => s.p95)} fill="none" stroke="#f59e0b" strokeWidth="2" />
        <polyline points={path((s) => s.p50)} fill="none" stroke="#5b4fe9" strokeWidth="2" />
        {series.map((s, i) => (s.p50 === null ? null : <circle key={s.hour} cx={x(i)} cy={y(s.p50)} r="2.5" fill="#5b4fe9"><title>{`${s.hour}: ${s.confirmed} confirmed, p50 ${age(Math.round(s.p50))}, p95 ${age(Math.round(s.p95!))}`}</title></circle>))}
        <HourAxis hours={series.map((s) => s.hour)} x={x} />
      </svg>
      <figcaption className="legend-note">
        Request to confirmed, per hour (UTC): <span style={{ color: "#5b4fe9" }}>■</span> p50 <span style={{ color: "#f59e0b" }}>■</span> p95 · {total} confirmed
      </figcaption>
    </figure>
  );
}

function DeliveriesChart({ deliveries }: { deliveries: Health["deliveries"] }) {
  const totals = deliveries.series.map((s) => Object.values(s.by_outcome).reduce((a, b) => a + b, 0));
  const max = Math.max(1, ...totals);
  const slot = (W - PAD.left - PAD.right) / deliveries.series.length;
  const x = (i: number) => PAD.left + i * slot + slot / 2;
  const scale = (n: number) => ((H - PAD.top - PAD.bottom) * n) / max;
  const byOutcome = Object.fromEntries(deliveries.outcomes.map((o) => [o, deliveries.series.reduce((n, s) => n + (s.by_outcome[o] ?? 0), 0)]));
  return (
    <figure style={{ margin: 0 }} data-testid="deliveries-chart">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={`Webhook deliveries per hour by outcome, last 24 h: ${deliveries.outcomes.map((o) => `${byOutcome[o]} ${o}`).join(", ") || "none"}`}>
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke="#e3e8ee" />
        <text x={PAD.left - 4} y={PAD.top + 4} fontSize="10" fill="#5b6478" textAnchor="end">{max}</text>
        {deliveries.series.map((s, i) => {
          let top = H - PAD.bottom;
          return deliveries.outcomes.map((o) => {
            const h = scale(s.by_outcome[o] ?? 0);
            top -= h;
            return h > 0 ? (
              <rect key={`${s.hour}-${o}`} x={x(i) - slot * 0.35} y={top} width={slot * 0.7} height={h} fill={OUTCOME_COLORS[o] ?? "#64748b"}>
                <title>{`${s.hour}: ${s.by_outcome[o]} ${o}`}</title>
              </rect>
            ) : null;
          });
        })}
        <HourAxis hours={deliveries.series.map((s) => s.hour)} x={x} />
      </svg>
      <figcaption className="legend-note">
        Per hour (UTC):{" "}
        {deliveries.outcomes.length
          ? deliveries.outcomes.map((o) => (
              <span key={o}>
                <span style={{ color: OUTCOME_COLORS[o] ?? "#64748b" }}>■</span> {byOutcome[o]} {o}{" "}
              </span>
            ))
          : "no deliveries"}
      </figcaption>
    </figure>
  );
}

export function HealthPanel({ health }: { health: Health }) {
  const problems = health.networks.length + health.stuck.length + health.failingEndpoints.length + health.lowWallets.length;
  return (
    <section className="card" aria-labelledby="health" data-testid="health">
      <div className="card-header">
        <h2 id="health">Health</h2>
        <p data-testid="health-summary">{problems ? `${problems} thing${problems === 1 ? "" : "s"} need${problems === 1 ? "s" : ""} attention` : "All clear: nothing stuck, no failing endpoint, no wallet low on gas"}</p>
      </div>
      <div className="card-body stack">
        {health.networks.map((n) => (
          <div key={`${n.status}:${n.reason}`} className={`notice ${n.status === "down" ? "notice-danger" : "notice-warning"}`} data-testid="health-network">
            <span aria-hidden="true">{n.status === "down" ? "✕" : "!"}</span>
            <span>
              {n.networks.join(", ")} {n.networks.length === 1 ? "is" : "are"} <span className={`badge ${n.status === "down" ? "badge-danger" : "badge-warning"}`}>{n.status}</span> here: {n.reason}.
              <br />
              <span className="small">Writes there are still taken: they wait and go out by themselves once it recovers.</span>
            </span>
          </div>
        ))}

        <DataTable
          caption="Writes waiting per network"
          rows={health.waiting}
          rowKey={(w) => w.network}
          columns={[
            { header: "Network", cell: (w) => <Link href={w.unsent ? "/transactions?status=pending" : "/transactions?status=submitted"}>{networkLabel(w.network).name}</Link> },
            { header: "Not sent", className: "num", cell: (w) => w.unsent },
            { header: "Sent, unconfirmed", className: "num", cell: (w) => w.unconfirmed },
            { header: "Oldest", className: "num", cellClassName: "num nowrap", cell: (w) => age(w.oldest_seconds) },
          ]}
        />
        {health.waiting.length ? null : <p className="muted small" data-testid="nothing-waiting">No writes waiting on any network.</p>}

        {health.stuck.length ? (
          <div role="list" aria-label="Stuck transactions" data-testid="health-stuck" className="stack">
            {health.stuck.map((s) => (
              <div role="listitem" key={s.id} className="notice notice-warning">
                <span aria-hidden="true">!</span>
                <span>
                  <Link href={`/transactions/${s.id}`} className="mono">{s.kind}</Link> on {networkLabel(s.network).name}, waiting {age(s.waiting_seconds)}{" "}
                  <span className="badge badge-warning">{s.reason.replace(/_/g, " ")}</span>
                  <br />
                  <span className="small">{s.fix}</span>
                </span>
              </div>
            ))}
          </div>
        ) : null}

        {health.failingEndpoints.map((e) => (
          <Notice key={e.id} tone="danger" data-testid="health-failing-endpoint">
            Webhook endpoint <Link href={`/webhooks/${e.id}`} className="break">{e.url}</Link>{" "}
            {e.disabled ? `is disabled${e.disabled_reason ? ` (${e.disabled_reason})` : ""}` : <>failing since <Time seconds={e.failing_since} /></>}
            {e.last_error ? <span className="small muted"> · {e.last_error.slice(0, 160)}</span> : null}
            <br />
            <span className="small">Fix the receiver, then resend the failed deliveries from the endpoint&apos;s page.</span>
          </Notice>
        ))}

        {health.lowWallets.map((w) => (
          <Notice key={w.networks.join()} tone="warning" data-testid="health-low-wallet">
            Wallet low on gas on {w.networks.join(", ")}: {w.balance === null ? "?" : Number(formatEther(BigInt(w.balance))).toLocaleString("en-US", { maximumFractionDigits: 6 })} {w.currency} left, about{" "}
            {w.runway_days} day{w.runway_days === 1 ? "" : "s"} at the last 24 h&apos;s spend (alert below {health.runwayThreshold} days).{" "}
            <a href="#wallet">Fund <span className="mono">{w.address.slice(0, 10)}…</span></a>
          </Notice>
        ))}

        <div className="grid-2">
          <LatencyChart series={health.latency} />
          <DeliveriesChart deliveries={health.deliveries} />
        </div>
      </div>
    </section>
  );
}
