import type { Metadata } from "next";
import { networkName } from "@/lib/console/networks";
import QRCode from "qrcode";
import { requireConsole, type ConsoleContext } from "@/lib/console/session";
import { param } from "@/lib/console/pages";
import { formatUnits, invoicesOf, usageOf, type BillingUsage } from "@/lib/api/console-calls";
import { PLANS, type Plan } from "@/lib/billing/plans";
import { currentPlan } from "@/lib/billing/subscriptions";
import { stripeClient } from "@/lib/billing/card/stripe";
import { cryptoNetworks, getCryptoCheckout, listPayments } from "@/lib/billing/crypto/service";
import { ApiError } from "@/lib/core/errors";
import { PageHeader } from "@/components/PageHeader";
import { DataTable } from "@/components/DataTable";
import { StatusBadge } from "@/components/StatusBadge";
import { AutoRefresh } from "@/components/AutoRefresh";
import { CopyButton } from "@/components/CopyButton";
import { Time } from "@/components/Time";
import { CryptoCheckoutForm } from "../_components/CryptoCheckoutForm";
import { CardCheckoutButton } from "../_components/CardCheckoutButton";
import { UsageBars } from "@/components/UsageBars";
import { Card } from "@/components/Card";

export const metadata: Metadata = { title: "Billing" };

const price = (plan: Plan) =>
  plan.contact_sales ? "Contact sales" : plan.price_usd_cents ? `$${(plan.price_usd_cents / 100).toFixed(0)} / month` : "Free";
const limit = (value: number | null) => (value === null ? "unlimited" : value.toLocaleString("en-US"));

// The tenant's plan, its usage against the limits, upgrades (card or crypto), the crypto payment in progress
// with its deposit address and QR code, and the payment and invoice history.
export default async function BillingPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const context = await requireConsole("/billing");
  const query = await searchParams;
  const tenantId = context.tenant.id;
  const [current, usage, payments, invoices, payment] = await Promise.all([
    currentPlan(tenantId),
    usageOf(context),
    listPayments(tenantId, { limit: 20 }),
    invoicesOf(context),
    paymentOf(context, param(query.payment)),
  ]);
  const networks = cryptoNetworks().map((n) => ({ value: n.name, label: n.displayName }));
  // Offer only what this deployment is set up for: card payments need the payment processor.
  const cardPayments = stripeClient() !== null;
  const waiting = payment?.status === "pending";
  return (
    <>
      <PageHeader title="Billing" subtitle="Your plan, what you have used of it, upgrades by card or stablecoin, and your payments." />
      <AutoRefresh active={waiting} intervalMs={2000} />

      {payment ? <CryptoPaymentCard payment={payment} /> : null}

      <section className="card" aria-labelledby="plan-title" data-current-plan={current.plan.id}>
        <div className="card-header">
          <h2 id="plan-title">
            Current plan: {current.plan.name} <StatusBadge status={current.status} />
          </h2>
          <p>
            {current.plan.description} {current.plan.id === "free" ? null : <>Paid by {current.source}; </>}
            period <Time seconds={Math.floor(current.periodStart.getTime() / 1000)} /> to <Time seconds={Math.floor(current.periodEnd.getTime() / 1000)} />.
          </p>
        </div>
        <div className="card-body">
          <UsageNote usage={usage} plan={current.plan} />
          <UsageBars usage={usage} plan={current.plan} />
        </div>
      </section>

      <Card id="plans-title" title="Plans" description="Upgrading takes effect at once. Crypto prices are in USDC or USDT, paid to an address made for your payment.">
        <div className="card-body grid-3" style={{ gridTemplateColumns: "repeat(auto-fit, minmax(240px, 1fr))" }}>
          {Object.values(PLANS).map((plan) => (
            <article key={plan.id} className="card" data-plan={plan.id} aria-label={`${plan.name} plan`}>
              <div className="card-body">
                <h3>
                  {plan.name} {plan.id === current.plan.id ? <span className="badge badge-success">Current</span> : null}
                </h3>
                <p className="small muted">{plan.description}</p>
                <p>
                  <strong>{price(plan)}</strong>
                  {plan.price_stablecoin && plan.price_stablecoin !== "0" ? <span className="small muted"> · {formatUnits(plan.price_stablecoin, 6)} USDC/USDT</span> : null}
                </p>
                <ul className="small">
                  <li>{limit(plan.limits.api_calls_per_month)} API calls / month</li>
                  <li>{limit(plan.limits.chain_writes_per_month)} chain writes / month</li>
                  <li>{limit(plan.limits.deployed_contracts)} deployed contracts</li>
                  <li>{limit(plan.limits.webhook_endpoints)} webhook endpoints</li>
                  <li>{plan.limits.rate_limit_per_minute.toLocaleString("en-US")} requests / minute</li>
                </ul>
                {plan.contact_sales ? (
                  <p className="small">Talk to sales for custom quotas and invoicing.</p>
                ) : plan.price_stablecoin && plan.price_stablecoin !== "0" ? (
                  <div className="stack">
                    {cardPayments ? <CardCheckoutButton plan={plan.id} planName={plan.name} /> : null}
                    <CryptoCheckoutForm plan={plan.id} planName={plan.name} networks={networks} />
                  </div>
                ) : null}
              </div>
            </article>
          ))}
        </div>
      </Card>

      <Card id="payments-title" title="Payments">
        <div className="card-body tight">
          {payments.data.length ? (
            <DataTable
              caption="Payments"
              rows={payments.data}
              rowKey={(p) => p.id}
              rowProps={(p) => ({ "data-payment": p.id })}
              columns={[
                { header: "Date", cell: (p) => <Time seconds={p.created} /> },
                { header: "Plan", cell: (p) => PLANS[p.plan as keyof typeof PLANS]?.name ?? p.plan },
                { header: "Method", cell: (p) => (p.method === "crypto" ? `${p.currency} on ${networkName(p.network)}` : "Card") },
                { header: "Amount", cell: (p) => `${formatUnits(p.amount_due, p.decimals)} ${p.currency.toUpperCase()}` },
                { header: "Received", cell: (p) => formatUnits(p.amount_received, p.decimals) },
                { header: "Status", cell: (p) => <StatusBadge status={p.status} /> },
                { header: "", cell: (p) => (p.method === "crypto" && p.status === "pending" ? <a href={`/billing?payment=${p.id}`}>Pay</a> : null) },
              ]}
            />
          ) : (
            <p className="small muted">No payments yet.</p>
          )}
        </div>
      </Card>

      <Card id="invoices-title" title="Invoices">
        <div className="card-body">
          {invoices === null ? (
            <p className="small muted">Invoices are not available here (card payments are not configured).</p>
          ) : invoices.length ? (
            <ul>
              {invoices.map((invoice) => (
                <li key={invoice.id} className="small">
                  <span className="mono">{invoice.id}</span> {typeof invoice.status === "string" ? <StatusBadge status={invoice.status} /> : null}{" "}
                  {typeof invoice.hosted_invoice_url === "string" ? (
                    <a href={invoice.hosted_invoice_url} rel="noreferrer" target="_blank">
                      View
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="small muted">No invoices yet.</p>
          )}
        </div>
      </Card>
    </>
  );
}

/** The crypto payment named in the URL (after "Pay with crypto"), or null when it is not the tenant's. */
async function paymentOf(context: ConsoleContext, id: string | undefined) {
  if (!id) return null;
  try {
    return await getCryptoCheckout(context.tenant.id, id);
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

type Payment = Awaited<ReturnType<typeof getCryptoCheckout>>;

async function CryptoPaymentCard({ payment }: { payment: Payment }) {
  const plan = PLANS[payment.plan as keyof typeof PLANS];
  const qr = payment.payment_uri ? await QRCode.toString(payment.payment_uri, { type: "svg", margin: 1, width: 208, errorCorrectionLevel: "M" }) : null;
  return (
    <section className="card" aria-labelledby="crypto-payment-title" data-crypto-payment={payment.id} data-status={payment.status}>
      <div className="card-header">
        <h2 id="crypto-payment-title">
          {plan?.name ?? payment.plan} by {payment.currency} <StatusBadge status={payment.status} />
        </h2>
        <p>
          {payment.status === "pending"
            ? "Send exactly the amount below to this address, on this network. The plan is active once the transfer has its confirmations; this page updates by itself."
            : payment.status === "succeeded"
              ? `Paid: your plan is ${plan?.name ?? payment.plan}.`
              : "This payment request has expired. What arrived is recorded below; contact support if you paid."}
        </p>
      </div>
      <div className="card-body grid-2">
        <dl className="small">
          <dt>Amount due</dt>
          <dd data-amount-due={payment.amount_due}>
            <strong>
              {formatUnits(payment.amount_due, payment.decimals)} {payment.currency}
            </strong>{" "}
            <span className="muted mono">({payment.amount_due} base units)</span>
          </dd>
          <dt>Received</dt>
          <dd>
            {formatUnits(payment.amount_received, payment.decimals)} {payment.currency}
            {payment.status === "pending" && payment.amount_received !== "0" ? <> · still missing {formatUnits(payment.amount_remaining, payment.decimals)}</> : null}
            {payment.excess_amount !== "0" ? <> · excess {formatUnits(payment.excess_amount, payment.decimals)}</> : null}
          </dd>
          <dt>Deposit address</dt>
          <dd>
            <span className="mono" style={{ wordBreak: "break-all" }} data-deposit-address={payment.deposit_address}>
              {payment.deposit_address}
            </span>{" "}
            {payment.deposit_address ? <CopyButton value={payment.deposit_address} label="Copy address" /> : null}
          </dd>
          <dt>Network</dt>
          <dd>
            {networkName(payment.network)} (chain id {payment.chain_id})
          </dd>
          <dt>Token contract</dt>
          <dd className="mono" style={{ wordBreak: "break-all" }}>
            {payment.token_address}
          </dd>
          <dt>Expires</dt>
          <dd>
            <Time seconds={payment.expires_at} />
          </dd>
        </dl>
        {qr ? (
          <figure style={{ margin: 0 }}>
            <img src={`data:image/svg+xml;base64,${Buffer.from(qr).toString("base64")}`} width={208} height={208} alt={`QR code of the payment: ${payment.payment_uri}`} />
            <figcaption className="small muted">Scan with a wallet (EIP-681: token, network, address and amount).</figcaption>
          </figure>
        ) : null}
      </div>
    </section>
  );
}

function UsageNote({ usage, plan }: { usage: BillingUsage | null; plan: Plan }) {
  if (!usage) return null;
  const local = usage.local;
  return (
    <p className="small" data-usage-banner>
      The {plan.name} plan&apos;s monthly limits apply to real test networks and mainnets, this month of the plan from{" "}
      <Time seconds={Number(usage.period_start)} /> to <Time seconds={Number(usage.period_end)} />.
      {local ? <> Writes on the embedded local chain are free of quotas: {local.chain_writes.toLocaleString("en-US")} this month, {local.deployed_contracts.toLocaleString("en-US")} contracts (not counted below).</> : null}
    </p>
  );
}
