import type { Metadata } from "next";
import Link from "next/link";
import { requireConsole } from "@/lib/console/session";
import { orNotFound } from "@/lib/console/pages";
import { explorerUrl, networkLabel } from "@/lib/console/explorer";
import { multisigOverview } from "@/lib/multisig/transactions";
import { PageHeader } from "@/components/PageHeader";
import { StatusBadge } from "@/components/StatusBadge";
import { AutoRefresh } from "@/components/AutoRefresh";
import { DataTable } from "@/components/DataTable";
import { EmptyState } from "@/components/EmptyState";
import { Hex } from "@/components/Hex";
import { ExecuteMultisigButton } from "../../_components/ExecuteMultisigButton";

export const metadata: Metadata = { title: "Multisig" };

export default async function MultisigPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { scope } = await requireConsole(`/multisigs/${id}`);
  const m = await orNotFound(multisigOverview(scope, id));
  const network = networkLabel(m.network);
  const moving = m.status === "deploying" || m.pending.some((tx) => tx.status === "executing");
  const chain = m.on_chain;
  return (
    <>
      <AutoRefresh active={moving} intervalMs={1000} />
      <PageHeader
        breadcrumb={<Link href="/multisigs">Multisigs</Link>}
        title={m.name}
        badge={
          <span aria-live="polite">
            <StatusBadge status={m.status} />
          </span>
        }
        subtitle={<span className="mono">{m.id}</span>}
      />
      {m.failure_reason ? (
        <div className="notice notice-danger" role="alert">
          <span aria-hidden="true">✕</span>
          <span>{m.failure_reason}</span>
        </div>
      ) : null}
      <section className="card" aria-labelledby="safe-details">
        <div className="card-header">
          <h2 id="safe-details">Safe</h2>
        </div>
        <dl className="details">
          <dt>Address</dt>
          <dd>
            <Hex value={m.address} href={explorerUrl(m.network, "address", m.address)} copy full />
          </dd>
          <dt>Network</dt>
          <dd>
            {network.name}
            {network.local ? <span className="muted"> (local chain)</span> : null}
          </dd>
          <dt>Threshold</dt>
          <dd data-testid="threshold">{chain ? `${chain.threshold} of ${chain.owners.length}` : `${m.threshold} of ${m.owners.length}`}</dd>
          <dt>Nonce</dt>
          <dd>{chain ? chain.nonce : <span className="muted">—</span>}</dd>
          <dt>Version</dt>
          <dd>{chain ? chain.version : <span className="muted">—</span>}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="safe-owners">
        <div className="card-header">
          <h2 id="safe-owners">Owners</h2>
          <span className="muted small">{chain ? "read on chain" : "as requested"}</span>
        </div>
        <ul className="card-body stack" data-testid="owners">
          {(chain?.owners ?? m.owners).map((owner) => (
            <li key={owner}>
              <Hex value={owner} full />
              {owner === m.acting ? <span className="muted small"> (your acting account)</span> : null}
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="safe-pending">
        <div className="card-header">
          <h2 id="safe-pending">Pending transactions</h2>
        </div>
        {m.pending.length ? (
          <DataTable
            caption="Pending Safe transactions"
            rows={m.pending}
            rowKey={(tx) => tx.id}
            columns={[
              { header: "#", cell: (tx) => <span className="mono">{tx.tx_index}</span> },
              {
                header: "Call",
                cell: (tx) => (
                  <>
                    <span className="mono">{tx.kind}</span> to <Hex value={tx.to} />
                    <span className="sub">Nonce {tx.nonce} · value {tx.value} wei</span>
                  </>
                ),
              },
              {
                header: "Confirmations",
                cell: (tx) => (
                  <span data-testid={`confirmations-${tx.tx_index}`}>
                    {tx.confirmations.length} of {chain?.threshold ?? m.threshold}
                    {tx.confirmations.map((o) => (
                      <span key={o} className="sub">
                        <Hex value={o} />
                      </span>
                    ))}
                  </span>
                ),
              },
              {
                header: "",
                cell: (tx) =>
                  tx.status === "executing" ? (
                    <StatusBadge status="pending" label="Executing" />
                  ) : tx.executable ? (
                    <ExecuteMultisigButton id={m.id} txIndex={tx.tx_index} />
                  ) : (
                    <span className="muted small">Awaiting signatures</span>
                  ),
              },
            ]}
          />
        ) : (
          <EmptyState icon="✓" title="Nothing pending">
            Propose a transaction with POST /v1/multisigs/{m.id}/transactions; owners approve it (confirm) or sign it off-chain.
          </EmptyState>
        )}
      </section>
    </>
  );
}
