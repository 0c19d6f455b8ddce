import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { overview } from "@/lib/analytics/overview";
import { tokenAnalytics } from "@/lib/analytics/tokens";
import { transactionAnalytics } from "@/lib/analytics/transactions";
import { webhookAnalytics } from "@/lib/analytics/webhooks";
import type { Period } from "@/lib/analytics/period";
import { PageHeader } from "@/components/PageHeader";
import { StatusChart } from "../_components/Charts";
import { Card } from "@/components/Card";

export const metadata: Metadata = { title: "Analytics" };

const PERIODS: Period[] = ["7d", "30d", "90d"];
const percent = (rate: number | null) => (rate === null ? "—" : `${Math.round(rate * 1000) / 10}%`);
const statusesOf = (counts: Record<string, number>, order: string[]) => [...new Set([...order.filter((s) => counts[s]), ...Object.keys(counts)])];

export default async function AnalyticsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { scope, livemode } = await requireConsole("/analytics");
  const asked = param((await searchParams).period);
  const period = PERIODS.find((p) => p === asked) ?? "30d";
  const [summary, tokens, transactions, webhooks] = await Promise.all([
    overview(scope, period),
    tokenAnalytics(scope, period),
    transactionAnalytics(scope, period),
    webhookAnalytics(scope, period),
  ]);
  const tokenStatuses = statusesOf(tokens.by_status, ["deployed", "deploying", "failed"]);
  const txStatuses = statusesOf(transactions.by_status, ["confirmed", "submitted", "pending", "failed"]);
  const hookStatuses = statusesOf(webhooks.by_status, ["succeeded", "pending", "failed"]);
  return (
    <>
      <PageHeader
        title="Analytics"
        subtitle={`${summary.start} to ${summary.end} (UTC), ${livemode ? "live" : "test"} mode only: use the switch at the top for the other.`}
        actions={
          <nav className="tabs" aria-label="Period">
            {PERIODS.map((p) => (
              <Link key={p} href={`/analytics?period=${p}`} aria-current={p === period ? "page" : undefined}>
                {p.replace("d", " days")}
              </Link>
            ))}
          </nav>
        }
      />
      <section className="grid-3" aria-label="Summary">
        <div className="card stat">
          <div className="label">Tokens created</div>
          <div className="value">{tokens.total}</div>
          <div className="hint">{summary.tokens.deployed} deployed in all</div>
        </div>
        <div className="card stat">
          <div className="label">Transactions</div>
          <div className="value">{transactions.total}</div>
          <div className="hint">
            {percent(transactions.success_rate)} succeeded
            {transactions.median_confirmation_seconds !== null ? ` · median ${Math.round(transactions.median_confirmation_seconds * 10) / 10} s to confirm` : ""}
          </div>
        </div>
        <div className="card stat">
          <div className="label">Webhook deliveries</div>
          <div className="value">{webhooks.total}</div>
          <div className="hint">
            {percent(webhooks.success_rate)} succeeded{webhooks.p95_latency_ms !== null ? ` · p95 ${webhooks.p95_latency_ms} ms` : ""}
          </div>
        </div>
      </section>
      <Card id="chart-tokens" title="Tokens created per day" description="By current status">
        <div className="card-body">
          <StatusChart title="Tokens created per day" series={tokens.series} statuses={tokenStatuses.length ? tokenStatuses : ["deployed"]} />
        </div>
      </Card>
      <div className="grid-2">
        <Card id="chart-transactions" title="Transactions per day" description="With the success rate">
          <div className="card-body">
            <StatusChart
              title="Transactions per day"
              series={transactions.series.map((d) => ({ ...d, line: d.success_rate === null ? null : Math.round(d.success_rate * 100) }))}
              statuses={txStatuses.length ? txStatuses : ["confirmed"]}
              lineLabel="Success rate"
              lineUnit="%"
            />
          </div>
        </Card>
        <Card id="chart-webhooks" title="Webhook deliveries per day" description="With p95 latency">
          <div className="card-body">
            <StatusChart
              title="Webhook deliveries per day"
              series={webhooks.series.map((d) => ({ ...d, line: d.p95_latency_ms }))}
              statuses={hookStatuses.length ? hookStatuses : ["succeeded"]}
              lineLabel="p95 latency"
              lineUnit=" ms"
            />
          </div>
        </Card>
      </div>
    </>
  );
}
