import type { Metadata } from "next";
import { networkName } from "@/lib/console/networks";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { publicBaseUrl } from "@/lib/console/request";
import { walletBalances } from "@/lib/console/wallet";
import { listApiKeys } from "@/lib/api-keys/service";
import { listTokens } from "@/lib/tokens/service";
import { listEndpoints } from "@/lib/webhooks/endpoints";
import { walletMode } from "@/lib/connect/settings/wallet-mode";
import { overview } from "@/lib/analytics/overview";
import { healthAtAGlance } from "@/lib/console/health";
import { HealthPanel } from "../_components/HealthPanel";
import { PageHeader } from "@/components/PageHeader";
import { DataTable } from "@/components/DataTable";
import { Quickstart } from "@/components/Quickstart";
import { CopyButton } from "@/components/CopyButton";
import { defaultNetwork } from "@/lib/console/explorer";
import { usageOf } from "@/lib/api/console-calls";
import { currentPlan } from "@/lib/billing/subscriptions";
import { UsageBars } from "@/components/UsageBars";
import { Card } from "@/components/Card";

export const metadata: Metadata = { title: "Home" };

const percent = (rate: number | null) => (rate === null ? "—" : `${Math.round(rate * 1000) / 10}%`);

export default async function DashboardPage() {
  const context = await requireConsole("/dashboard");
  const { user, tenant, scope, environment, livemode } = context;
  const [keys, tokens, endpoints, wallet, stats, baseUrl, usage, plan, health] = await Promise.all([
    listApiKeys(tenant.id, { limit: 100 }),
    listTokens(scope, { limit: 1 }),
    listEndpoints(scope, { limit: 1 }),
    walletMode(scope),
    overview(scope, "7d"),
    publicBaseUrl(),
    usageOf(context),
    currentPlan(tenant.id),
    healthAtAGlance(scope),
  ]);
  const balances = await walletBalances(wallet.wallet_address, livemode);
  const activeKeys = keys.data.filter((k) => !k.revoked);
  const envKeys = activeKeys.filter((k) => k.environment === environment);
  const network = defaultNetwork(livemode);
  const steps = [
    { done: envKeys.length > 0, title: `Create a ${environment} API key`, text: "Your server authenticates with its secret.", href: "/keys", cta: "Create key" },
    { done: tokens.total > 0, title: "Deploy a token", text: "Pick a standard and a network; it deploys in the background.", href: "/tokens/new", cta: "Deploy token" },
    { done: endpoints.total > 0, title: "Add a webhook endpoint", text: "Get token.deployed, transaction.confirmed and more, signed.", href: "/webhooks", cta: "Add endpoint" },
  ];
  return (
    <>
      <PageHeader title={`Welcome, ${user.fullName.split(" ")[0]}`} subtitle={`${tenant.companyName} · ${livemode ? "live" : "test"} mode`} />

      <section className="grid-3" aria-label="Last 7 days">
        <div className="card stat">
          <div className="label">Tokens deployed</div>
          <div className="value">{stats.tokens.deployed}</div>
          <div className="hint">{stats.tokens.created} created in 7 days</div>
        </div>
        <div className="card stat">
          <div className="label">Transactions (7 days)</div>
          <div className="value">{stats.transactions.total}</div>
          <div className="hint">{percent(stats.transactions.success_rate)} succeeded</div>
        </div>
        <div className="card stat">
          <div className="label">Webhook deliveries (7 days)</div>
          <div className="value">{stats.webhooks.deliveries}</div>
          <div className="hint">{percent(stats.webhooks.success_rate)} succeeded</div>
        </div>
      </section>

      <HealthPanel health={health} />

      <div className="grid-2">
        <Card id="get-started" title="Get started">
          <ul className="checklist">
            {steps.map((s) => (
              <li key={s.title} className={s.done ? "done" : undefined}>
                <span className="tick" aria-hidden="true">
                  {s.done ? "✓" : ""}
                </span>
                <span className="text">
                  <strong>{s.title}</strong>
                  <span className="visually-hidden">{s.done ? " (done)" : " (to do)"}</span>
                  <br />
                  <span className="muted small">{s.text}</span>
                </span>
                <Link className="btn btn-small" href={s.href}>
                  {s.done ? "Open" : s.cta}
                </Link>
              </li>
            ))}
          </ul>
        </Card>

        <Card id="wallet" title="Your wallet" description="Deploys and administers your tokens.">
          <div className="card-body stack">
            <div className="secret-value" style={{ background: "var(--surface-muted)" }}>
              <code className="break" data-testid="wallet-address">
                {wallet.wallet_address}
              </code>
              <CopyButton value={wallet.wallet_address} />
            </div>
            <DataTable
              caption="Wallet balances"
              wrap={false}
              rows={balances}
              rowKey={(b) => b.networks.join()}
              columns={[
                {
                  header: "Networks",
                  cell: (b) =>
                    b.local ? (
                      <>
                        Local chain <span className="sub">serves {b.networks.join(", ")}</span>
                      </>
                    ) : (
                      b.networks.join(", ")
                    ),
                },
                {
                  header: "Balance",
                  className: "num",
                  cellClassName: "num nowrap",
                  cell: (b) => (b.balance === null ? <span className="muted">unavailable</span> : `${Number(b.balance).toLocaleString("en-US", { maximumFractionDigits: 4 })} ${b.currency}`),
                },
              ]}
            />
            {livemode ? <p className="muted small">On live networks, fund this address with the network's currency before deploying.</p> : <p className="muted small">Test networks are funded automatically.</p>}
          </div>
        </Card>
      </div>

      <Card id="usage-title" title="Plan usage" description={<>{plan.plan.name} plan · <Link href="/billing">Billing</Link></>}>
        <div className="card-body">
          <UsageBars usage={usage} plan={plan.plan} upgradeLink />
        </div>
      </Card>

      <section className="card" aria-labelledby="quickstart">
        <div className="card-header">
          <div>
            <h2 id="quickstart">Quickstart</h2>
            <p>
              The reference flow with curl and your {environment} key{network ? ` on ${networkName(network)}` : ""}: deploy a token, wait for it, mint 1.5 tokens, read
              the balance.
            </p>
          </div>
        </div>
        <div className="card-body">
          <Quickstart baseUrl={baseUrl} walletAddress={wallet.wallet_address} redactedKey={envKeys[0]?.redacted_secret ?? null} livemode={livemode} network={network} networkName={network ? networkName(network) : null} />
        </div>
      </section>
    </>
  );
}
